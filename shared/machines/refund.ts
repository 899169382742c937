import { defineMachine } from './machine.js';

export type RefundStatus = 'COMPLETED';

/** Payments v2 refunds: the sandbox settles them at once. */
export const refundMachine = defineMachine<RefundStatus>({
  resource: 'refund',
  states: { COMPLETED: 'The refund was sent to the payer.' },
  transitions: [{ trigger: 'create', from: [], to: 'COMPLETED', label: 'Refund' }],
});
