import { defineMachine } from '../../machines/machine.js';

export type PayoutBatchStatus = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED';
export type PayoutBatchTrigger = 'create' | 'process' | 'complete' | 'deny';

/**
 * A payout batch (spec 2.12, part 3): PENDING once the initial scan passes, then processed
 * asynchronously on the scheduler: PROCESSING while its items are paid chunk by chunk, SUCCESS when
 * every item has its outcome, or DENIED (nothing paid) when the sender's balance cannot fund the batch
 * plus its fees. Every move is the system's own: a caller cannot ask for one.
 */
export const payoutBatchMachine = defineMachine<PayoutBatchStatus, PayoutBatchTrigger>({
  resource: 'payout-batch',
  states: {
    PENDING: 'Received; the initial scan passed. Processing starts shortly.',
    PROCESSING: 'Funded; its items are being paid, chunk by chunk.',
    SUCCESS: 'Processed: every item has its outcome (check each item for holds and unclaimed payouts).',
    DENIED: "The sender's balance could not fund the batch plus its fees; nothing was paid.",
  },
  transitions: [
    { trigger: 'create', from: [], to: 'PENDING', label: 'Create batch payout' },
    { trigger: 'process', from: ['PENDING'], to: 'PROCESSING', label: 'Start processing' },
    { trigger: 'complete', from: ['PROCESSING'], to: 'SUCCESS', label: 'Every item processed' },
    { trigger: 'deny', from: ['PENDING'], to: 'DENIED', label: 'Deny (insufficient funds)' },
  ],
  refusals: {},
});

export type PayoutItemStatus =
  'PENDING' | 'SUCCESS' | 'UNCLAIMED' | 'FAILED' | 'BLOCKED' | 'DENIED' | 'ONHOLD' | 'REFUNDED' | 'RETURNED';

export type PayoutItemTrigger =
  'pay' | 'leave-unclaimed' | 'fail' | 'block' | 'deny' | 'hold' | 'refund' | 'return' | 'cancel';

/**
 * A payout item. Its batch lists it as PENDING until the item is processed; processing stores it
 * directly in its outcome (one write per item), so the create triggers are the outcomes. An UNCLAIMED
 * item returns to the sender after 30 days of simulated time, or when the sender cancels it.
 */
export const payoutItemMachine = defineMachine<PayoutItemStatus, PayoutItemTrigger>({
  resource: 'payout-item',
  states: {
    PENDING: 'Waiting in its batch to be processed (listed by the batch; not stored yet).',
    SUCCESS: "Paid into the receiver's account.",
    UNCLAIMED: 'Sent to a receiver without an account; returns to the sender unless claimed within 30 days.',
    FAILED: 'Could not be paid; nothing left the sender.',
    BLOCKED: 'Blocked for compliance; nothing left the sender.',
    DENIED: 'Denied by risk review; nothing left the sender.',
    ONHOLD: 'Paid into a hold while it is reviewed.',
    REFUNDED: 'Paid, then refunded to the sender by the receiver.',
    RETURNED: 'Returned to the sender, amount and fee: unclaimed for 30 days, or cancelled.',
  },
  transitions: [
    { trigger: 'pay', from: [], to: 'SUCCESS', label: 'Pay a sandbox account' },
    { trigger: 'leave-unclaimed', from: [], to: 'UNCLAIMED', label: 'Notify a receiver without account' },
    { trigger: 'fail', from: [], to: 'FAILED', label: 'Fail' },
    { trigger: 'block', from: [], to: 'BLOCKED', label: 'Block' },
    { trigger: 'deny', from: [], to: 'DENIED', label: 'Deny' },
    { trigger: 'hold', from: [], to: 'ONHOLD', label: 'Hold for review' },
    { trigger: 'refund', from: ['SUCCESS'], to: 'REFUNDED', label: 'Refunded by the receiver' },
    { trigger: 'return', from: ['UNCLAIMED'], to: 'RETURNED', label: 'Return after 30 days' },
    { trigger: 'cancel', from: ['UNCLAIMED'], to: 'RETURNED', label: 'Cancel unclaimed item' },
  ],
  refusals: {
    cancel: { issue: 'ITEM_INCORRECT_STATUS', when: { RETURNED: 'ITEM_ALREADY_CANCELLED' } },
  },
});
