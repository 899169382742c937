import { issuesOf } from '../issue.js';

/**
 * Payments v1: the issues its operations answer with, named as the platform's v1 named them where it
 * did. Shared rules (money arithmetic, card number, authorization windows) reuse the common and v2 codes.
 */
export const PAYMENTS_V1_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    REDIRECT_URLS_REQUIRED:
      'redirect_urls with return_url and cancel_url are required for payment_method svc.',
    FUNDING_INSTRUMENT_REQUIRED:
      'payer.funding_instruments with a credit_card is required for payment_method credit_card.',
    INVALID_EXPERIENCE_PROFILE_ID:
      'The experience_profile_id names no web experience profile of this application.',
    INVALID_PAYER_ID: 'The payer_id is not the payer who approved the payment on the buyer page.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    PAYMENT_NOT_APPROVED_FOR_EXECUTION: 'The payer has not approved the payment on the buyer page yet.',
    PAYMENT_ALREADY_DONE: 'The payment has already been executed.',
    PAYMENT_EXPIRED: 'The payment was not executed within 3 hours and failed; create a new payment.',
    PAYMENT_STATE_INVALID: 'The payment is not waiting for the buyer any more.',
    ITEM_AMOUNT_MISMATCH:
      'The items must add up to the subtotal (or to the total when no details are given).',
    ITEM_TAX_MISMATCH: "The items' tax times quantity must add up to details.tax.",
    TRANSACTION_AMOUNT_CHANGE_INVALID:
      "An execute call may change a transaction's amount only within the currency it was created in.",
    CREDIT_CARD_INTENT_NOT_SUPPORTED:
      'Intent order is for svc wallet payments; card payments use sale or authorize.',
    TRANSACTION_ALREADY_REFUNDED: 'The sale or capture has already been fully refunded.',
    REFUND_EXCEEDED_TRANSACTION_AMOUNT: 'The refund amount exceeds what remains of the sale or capture.',
    AUTHORIZATION_ALREADY_COMPLETED: 'The authorization has been captured, voided or has expired.',
    REAUTHORIZATION_ALREADY_DONE: 'A v1 authorization can be reauthorized only once.',
    ORDER_ALREADY_COMPLETED_V1: 'The order has been captured, authorized or voided.',
    ORDER_ALREADY_AUTHORIZED: 'The order has an authorization; capture through the authorization.',
    ORDER_VOIDED_V1: 'The order has been voided.',
    ORDER_AMOUNT_EXCEEDED: 'The amount exceeds the order amount.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    CARD_PAYMENTS_RESTRICTED:
      'Accepting credit card payments through the v1 payments resources is restricted (spec 9.4); forced only with Svc-Mock-Response.',
  }),
};
