import { DAY, isoSeconds } from '../../../clock.js';
import { replayable, type JobHandler } from '../../../scheduler.js';
import type { ApiDeps } from '../../deps.js';
import type { ResourceTransition } from '../../transition-bus.js';

export const APPROVAL_REVERSAL_JOB = 'orders.approval-reversal';
/** How long a buyer's approval holds without a capture or an authorization. */
export const APPROVAL_HOLD_MS = 3 * DAY;

const jobKey = (orderId: string): string => `approval-reversal:${orderId}`;

/**
 * The trigger of CHECKOUT.PAYMENT-APPROVAL.REVERSED (spec 6.4: "a payment was reversed after approval"):
 * an order that is APPROVED and then neither captured nor authorized within 3 days of simulated time
 * has its approval reversed by a scheduled job; it becomes VOIDED and can no longer be paid (create a
 * new order). The job is set when an order becomes APPROVED and dropped when it leaves APPROVED.
 */
export function approvalReversalJob(reverse: (orderId: string, at: string) => void): JobHandler {
  // A transition of the order and what it triggers: nothing outside the store.
  return replayable((payload, run) =>
    reverse(String((payload as { id?: unknown }).id ?? ''), isoSeconds(run.dueAt)),
  );
}

/** Keeps one reversal job per APPROVED order (a transition bus subscriber). */
export function scheduleApprovalReversal(deps: ApiDeps): (transition: ResourceTransition) => void {
  return ({ resource, from }) => {
    if (resource.kind !== 'order') return;
    if (resource.status === 'APPROVED' && from !== 'APPROVED') {
      deps.scheduler.schedule(
        APPROVAL_REVERSAL_JOB,
        deps.clock.now() + APPROVAL_HOLD_MS,
        { id: resource.id },
        jobKey(resource.id),
      );
    } else if (from === 'APPROVED' && resource.status !== 'APPROVED') {
      deps.scheduler.cancel(jobKey(resource.id));
    }
  };
}
