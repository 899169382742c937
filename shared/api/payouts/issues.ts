import { issuesOf } from '../issue.js';

/**
 * Payouts: the issues its operations answer with, and the names an item's `errors` carries (listed so
 * `/docs/errors` explains them; `Svc-Mock-Response` can force any of them). The sender issues are the
 * platform's sandbox test values (`items[0].note` = ERRPYO001 ... ERRPYO014).
 */
export const PAYOUTS_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    DUPLICATE_SENDER_BATCH_ID:
      'Batch with given sender_batch_id already exists: it was used in the last 30 days. The detail links the original payout.',
    BUILD_NOTATION_NOT_ACCEPTED:
      'Payouts accept no build-notation (BN) code: send the request without Svc-Partner-Attribution-Id.',
    USER_BUSINESS_ERROR:
      'An error occurred while processing this payout request; try again with a different sender_batch_id.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    SENDER_RESTRICTED: 'The sender account is restricted from sending payouts.',
    SENDER_EMAIL_UNCONFIRMED: 'The sender has not confirmed the e-mail address of the account.',
    AUTHORIZATION_ERROR: 'The sender is not authorized to send payouts.',
    SENDER_LOCKED: 'The sender account is locked.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    INSUFFICIENT_FUNDS: "The sender's balance cannot fund the batch plus its fees.",
    ITEM_INCORRECT_STATUS: 'You can only cancel items that have an UNCLAIMED status.',
    ITEM_ALREADY_CANCELLED:
      'The item was already returned to the sender (cancelled, or unclaimed for 30 days).',
    RECEIVER_UNREGISTERED:
      'Payout item: the receiver has no account; unless claimed within 30 days the funds return to the sender.',
    RECEIVER_ACCOUNT_LOCKED: "Payout item: the receiver's account is locked or inactive.",
    RECEIVER_PHONE_INVALID: 'Payout item: the receiver is not a valid phone number.',
    REGULATORY_BLOCKED: 'Payout item: blocked for regulatory reasons.',
    RISK_DECLINE: 'Payout item: declined by risk review.',
    REGULATORY_PENDING: 'Payout item: on hold for review.',
  }),
};
