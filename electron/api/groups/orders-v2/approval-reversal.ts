import { findTransition, orderMachine, type OrderStatus } from '../../../../shared/machines/index.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { saveTransition } from '../../resource-log.js';
import type { StoredOrder } from './order-types.js';

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
 * new order). The job is set when an order becomes APPROVED and dropped when it leaves APPROVED. The
 * move goes through the order machine and the resource log like every other, so the webhooks see it as
 * a transition and emit the event.
 */
export function registerApprovalReversal(deps: ApiDeps): void {
  deps.scheduler.register(APPROVAL_REVERSAL_JOB, (payload, run) => {
    const id = String((payload as { id?: unknown }).id ?? '');
    const order = deps.store.resources.get<StoredOrder['body'], StoredOrder['internal']>('order', id);
    if (!order) return;
    const from = order.status as OrderStatus;
    const transition = findTransition(orderMachine, from, REVERSE_APPROVAL_TRIGGER);
    if (!transition) return;
    const at = isoSeconds(run.dueAt);
    order.status = transition.to;
    order.body.status = transition.to;
    order.update_time = at;
    order.body.update_time = at;
    saveTransition(
      deps,
      order,
      REVERSE_APPROVAL_TRIGGER,
      from,
      at,
      'approved but not captured or authorized within 3 days',
    );
  });
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
