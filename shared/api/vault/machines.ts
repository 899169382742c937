import { defineMachine } from '../../machines/machine.js';

export type SetupTokenStatus = 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'VAULTED';
export type SetupTokenTrigger = 'create-card' | 'create-wallet' | 'approve' | 'exchange';

/** A setup token (spec 2.7, part 3: "setup token exchanged -> permanent token in the vault"). */
export const setupTokenMachine = defineMachine<SetupTokenStatus, SetupTokenTrigger>({
  resource: 'setup-token',
  states: {
    PAYER_ACTION_REQUIRED: 'A wallet to vault: the buyer must approve it on the approve link.',
    APPROVED: 'Ready to exchange for a payment token (a card is approved when it is given).',
    VAULTED: 'Exchanged for a payment token; a setup token is used once.',
  },
  transitions: [
    { trigger: 'create-card', from: [], to: 'APPROVED', label: 'Set up a card' },
    { trigger: 'create-wallet', from: [], to: 'PAYER_ACTION_REQUIRED', label: 'Set up a wallet' },
    { trigger: 'approve', from: ['PAYER_ACTION_REQUIRED'], to: 'APPROVED', label: 'Approve as buyer' },
    { trigger: 'exchange', from: ['APPROVED'], to: 'VAULTED', label: 'Create payment token' },
  ],
  refusals: {
    approve: { issue: 'SETUP_TOKEN_CANNOT_BE_APPROVED' },
    exchange: {
      issue: 'SETUP_TOKEN_ALREADY_USED',
      when: { PAYER_ACTION_REQUIRED: 'PAYER_ACTION_REQUIRED' },
    },
  },
});

export type PaymentTokenStatus = 'VAULTED' | 'DELETED';
export type PaymentTokenTrigger = 'create' | 'delete';

/** A payment token: in the vault until deleted (a deleted token is gone from every read). */
export const paymentTokenMachine = defineMachine<PaymentTokenStatus, PaymentTokenTrigger>({
  resource: 'payment-token',
  states: {
    VAULTED: 'In the vault: orders can charge it by its id (vault_id).',
    DELETED: 'Deleted: reads answer 404 and orders can no longer use it.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'VAULTED', label: 'Vault' },
    { trigger: 'delete', from: ['VAULTED'], to: 'DELETED', label: 'Delete' },
  ],
  refusals: { delete: { issue: 'PAYMENT_TOKEN_DELETED' } },
});
