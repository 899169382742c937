import { DAY, isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';

/** The order machine's trigger for a reversed approval. */
export const REVERSE_APPROVAL_TRIGGER = 'reverse-approval';

export const APPROVAL_REVERSAL_JOB = 'orders.approval-reversal';
/** How long a buyer's approval holds without a capture or an authorization. */
export const APPROVAL_HOLD_MS = 3 * DAY;

const jobKey = (orderId: string): string => `approval-reversal:${orderId}`;

/**
 * The trigger of CHECKOUT.PAYMENT-APPROVAL.REVERSED (spec 6.4: "a payment was reversed after approval"):
 * an order that is APPROVED and then neither captured nor authorized within 3 days of simulated time
 * has its approval reversed by a scheduled job; it becomes VOIDED and can no longer be paid (create a
 * new order). The job is set when an order becomes APPROVED and dropped when it leaves APPROVED; it
 * calls `reverse`, the orders service's own move through the order machine and the resource log, so the
 * webhooks see it as a transition like every other and emit the event.
 */
export function registerApprovalReversal(
  deps: ApiDeps,
  reverse: (orderId: string, at: string) => void,
): void {
  deps.scheduler.register(APPROVAL_REVERSAL_JOB, (payload, run) =>
    reverse(String((payload as { id?: unknown }).id ?? ''), isoSeconds(run.dueAt)),
  );
  deps.transitions.subscribe(({ resource, from }) => {
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
  });
}
