import { DAY, isoSeconds } from '../../../clock.js';
import type { JobHandler } from '../../../scheduler.js';

export const AUTO_DISBURSE_JOB = 'orders-v1.auto-disburse';
/** Funds a DELAYED pay holds are released to the payee and the partner after 28 days at the latest. */
export const DELAYED_DISBURSEMENT_MAX_MS = 28 * DAY;

export const autoDisburseKey = (orderId: string): string => `orders-v1-disburse:${orderId}`;

export function autoDisburseJob(release: (orderId: string, at: string) => void): JobHandler {
  return (payload, run) => release(String((payload as { id?: unknown }).id ?? ''), isoSeconds(run.dueAt));
}
