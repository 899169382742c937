import { HOUR, isoSeconds } from '../../../clock.js';
import type { JobHandler } from '../../../scheduler.js';

export const EXPIRE_PROFILE_JOB = 'web-profiles.expire';
/** Spec 2.17 and part 8: a temporary profile persists three hours. */
export const TEMPORARY_PROFILE_MS = 3 * HOUR;

/** One pending expiry per temporary profile: replacing the profile replaces its job. */
export const expiryKey = (profileId: string): string => `web-profile-expiry:${profileId}`;

/** The expiry job: the profile leaves ACTIVE when the clock passes its three hours. */
export function expireProfileJob(expire: (profileId: string, at: string) => void): JobHandler {
  return (payload, run) => expire(String((payload as { id?: unknown }).id ?? ''), isoSeconds(run.dueAt));
}
