import { issuesOf } from '../issue.js';

/** Payment method tokens v3: the issues its operations (and orders that use the vault) answer with. */
export const VAULT_ISSUES = {
  ...issuesOf('NOT_AUTHORIZED', {
    NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE:
      'The API caller or the merchant on whose behalf the call is made is not allowed to vault the given source (not onboarded to the vault).',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    PAYER_ACTION_REQUIRED:
      'The setup token is not approved yet: the buyer must complete the approval flow on its approve link.',
    SETUP_TOKEN_ALREADY_USED: 'The setup token was already exchanged for a payment token.',
    SETUP_TOKEN_CANNOT_BE_APPROVED: 'The setup token does not wait for buyer approval.',
    PAYMENT_TOKEN_DELETED: 'The payment token was deleted.',
    MISMATCHED_VAULT_ID_TO_PAYMENT_SOURCE:
      'The vault_id does not match the payment_source provided: it names a payment token of another kind.',
  }),
};
