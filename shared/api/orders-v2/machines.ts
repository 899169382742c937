import { defineMachine } from '../../machines/machine.js';

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
export type OrderTrigger =
  | 'create'
  | 'create-with-wallet'
  | 'create-with-card'
  | 'create-with-vault'
  | 'approve'
  | 'update'
  | 'capture'
  | 'authorize'
  | 'void'
  | 'reverse-approval';

/** What an order's payment calls answer before the buyer approved, after completion, or once voided. */
const PAYMENT_REFUSAL = {
  issue: 'ORDER_ALREADY_COMPLETED',
  when: {
    CREATED: 'ORDER_NOT_APPROVED',
    PAYER_ACTION_REQUIRED: 'ORDER_NOT_APPROVED',
    VOIDED: 'ORDER_VOIDED',
  },
} as const;

/** Orders v2 (spec 2.4 and part 3). */
export const orderMachine = defineMachine<OrderStatus, OrderTrigger>({
  resource: 'order',
  states: {
    CREATED: 'Created; waiting for the buyer to approve it on the approval page.',
    PAYER_ACTION_REQUIRED:
      'Created with a wallet payment source; the buyer must act on the payer-action link.',
    APPROVED: 'The buyer approved it (or a card was given); it can be authorized or captured.',
    COMPLETED: 'Authorized or captured; payments live on its purchase units.',
    VOIDED:
      'Every authorization was voided before any capture, or the approval was reversed (not paid within 3 days).',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Create' },
    {
      trigger: 'create-with-wallet',
      from: [],
      to: 'PAYER_ACTION_REQUIRED',
      label: 'Create with wallet source',
    },
    { trigger: 'create-with-card', from: [], to: 'APPROVED', label: 'Create with card' },
    // A vaulted wallet (vault_id) was approved once, when it was saved: no buyer action this time.
    {
      trigger: 'create-with-vault',
      from: [],
      to: 'APPROVED',
      label: 'Create with a vaulted wallet',
    },
    {
      trigger: 'approve',
      from: ['CREATED', 'PAYER_ACTION_REQUIRED'],
      to: 'APPROVED',
      label: 'Approve as buyer',
    },
    // PATCH keeps the status (spec part 3): one self-loop per state that allows it.
    { trigger: 'update', from: ['CREATED'], to: 'CREATED', label: 'Edit' },
    { trigger: 'update', from: ['APPROVED'], to: 'APPROVED', label: 'Edit' },
    { trigger: 'capture', from: ['APPROVED'], to: 'COMPLETED', label: 'Capture' },
    { trigger: 'authorize', from: ['APPROVED'], to: 'COMPLETED', label: 'Authorize' },
    // Fired by the orders group when the last authorization of a never-captured order is voided.
    { trigger: 'void', from: ['COMPLETED'], to: 'VOIDED', label: 'All authorizations voided' },
    // A scheduled job of the orders group: approved, then neither captured nor authorized in 3 days.
    {
      trigger: 'reverse-approval',
      from: ['APPROVED'],
      to: 'VOIDED',
      label: 'Approval reversed (3 days unpaid)',
    },
  ],
  refusals: {
    approve: { issue: 'ORDER_CANNOT_BE_APPROVED' },
    update: { issue: 'ORDER_CANNOT_BE_UPDATED' },
    capture: PAYMENT_REFUSAL,
    authorize: PAYMENT_REFUSAL,
  },
});
