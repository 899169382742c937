import type { JobHandler } from '../../../scheduler.js';
import type { PaymentsService } from './service.js';

/** The expiry of an uncaptured authorization after 29 days. */
export const EXPIRE_AUTHORIZATION_JOB = 'authorization.expire';

/** The unique key of an authorization's pending expiry (a void cancels it). */
export const authorizationExpiryKey = (id: string): string => `authorization-expiry:${id}`;

/** The scheduled work of payments v2, by job kind. */
export function paymentJobs(payments: PaymentsService): Record<string, JobHandler> {
  return {
    [EXPIRE_AUTHORIZATION_JOB]: (payload, run) =>
      payments.expire(String((payload as { id: string }).id), run.dueAt),
  };
}
