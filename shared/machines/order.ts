import { defineMachine } from './machine.js';

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';

/** Orders v2 (spec 2.4 and part 3). */
export const orderMachine = defineMachine<OrderStatus>({
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
    { trigger: 'void', from: ['COMPLETED'], to: 'VOIDED', label: 'All authorizations voided' },
    // A scheduled job (electron/api/groups/orders-v2/approval-reversal.ts): approved, then neither captured nor authorized in 3 days.
    {
      trigger: 'reverse-approval',
      from: ['APPROVED'],
      to: 'VOIDED',
      label: 'Approval reversed (3 days unpaid)',
    },
  ],
});
