import { defineMachine } from '../../machines/machine.js';

export type OrderV1Status = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'DELETED';
export type OrderV1Trigger = 'create' | 'approve' | 'pay' | 'pay-with-card' | 'disburse' | 'delete';

/**
 * Orders v1 (spec 2.3 and the order v1 rows of part 3). Paying completes the order; its purchase units
 * then show CAPTURED (or AUTHORIZED) where CREATED ones show NOT_PROCESSED. A deleted order answers 404.
 */
export const orderV1Machine = defineMachine<OrderV1Status, OrderV1Trigger>({
  resource: 'order-v1',
  states: {
    CREATED:
      'Created; waiting for the buyer to approve it on the approval page (a card order waits for pay).',
    APPROVED: 'The buyer approved it on the approval page; the partner can pay it or delete it.',
    COMPLETED:
      'Paid: every purchase unit captured (SALE) or authorized (AUTHORIZE); DELAYED disbursement holds the funds until disbursed.',
    DELETED: 'Deleted before it was paid (DELETE in CREATED or APPROVED); the API answers 404 for it.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Create' },
    { trigger: 'approve', from: ['CREATED'], to: 'APPROVED', label: 'Approve as buyer' },
    { trigger: 'pay', from: ['APPROVED'], to: 'COMPLETED', label: 'Pay' },
    // A card order (payment_details.payment_method CREDIT_CARD) is paid with the card the partner gives.
    { trigger: 'pay-with-card', from: ['CREATED'], to: 'COMPLETED', label: 'Pay with card' },
    { trigger: 'disburse', from: ['COMPLETED'], to: 'COMPLETED', label: 'Disburse held funds' },
    { trigger: 'delete', from: ['CREATED', 'APPROVED'], to: 'DELETED', label: 'Delete' },
  ],
  refusals: {
    approve: { issue: 'ORDER_CANNOT_BE_APPROVED' },
    pay: { issue: 'ORDER_ALREADY_COMPLETED', when: { CREATED: 'ORDER_NOT_APPROVED' } },
    disburse: { issue: 'NO_FUNDS_HELD' },
    delete: { issue: 'ORDER_IN_PROGRESS' },
  },
});

/**
 * The pay call's record (the pay response of spec 2.3, status APPROVED: the buyer's payment went
 * through). One per order; a repeated pay `Svc-Request-Id` answers it again, forever (part 8).
 */
export const orderV1PaymentMachine = defineMachine<'APPROVED', 'pay'>({
  resource: 'order-v1-payment',
  states: { APPROVED: 'The order was paid; its purchase units show how.' },
  transitions: [{ trigger: 'pay', from: [], to: 'APPROVED', label: 'Pay' }],
  refusals: {},
});
