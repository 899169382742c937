import { issuesOf } from '../issue.js';

/**
 * Orders v1: its own issues. It also answers with issues Orders v2 declares, in the same sense:
 * ORDER_NOT_APPROVED, ORDER_ALREADY_COMPLETED, ORDER_CANNOT_BE_APPROVED, REFERENCE_ID_REQUIRED,
 * DUPLICATE_REFERENCE_ID, PAYER_ACCOUNT_INVALID and CARD_EXPIRED.
 */
export const ORDERS_V1_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    ACCOUNT_CANNOT_BE_FETCHED:
      'The partner or seller account information cannot be obtained (no such business account, or one not onboarded to receive payments).',
    ORDER_IN_PROGRESS: 'This order is in progress: a paid order cannot be deleted.',
    GROSS_TOTAL_AMOUNT_MISMATCH: 'gross_total_amount must equal the sum of the totals of all purchase units.',
    PARTNER_FEE_TOO_HIGH: 'The partner fee must be less than the total of its purchase unit.',
    NO_FUNDS_HELD: 'The order holds no funds to disburse (it was paid INSTANT, or they were disbursed).',
    CARD_PAYER_REQUIRED:
      'A card order (payment_details.payment_method CREDIT_CARD) is paid with payer.funding_instruments[0].credit_card.',
  }),
};
