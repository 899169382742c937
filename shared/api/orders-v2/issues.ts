import { issuesOf } from '../issue.js';

/** Orders v2: the issues its operations answer with. The last four are forced only with `Svc-Mock-Response` (negative testing). */
export const ORDERS_V2_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    CARD_EXPIRED: 'The card is expired.',
    INVALID_CARD_NUMBER: 'The card number is not a valid card number.',
    PAYEE_ACCOUNT_INVALID: 'The payee account is not a known business account.',
    REFERENCE_ID_REQUIRED: 'reference_id is required for each purchase unit when there is more than one.',
    DUPLICATE_REFERENCE_ID: 'reference_id must be unique across purchase units.',
    PAYMENT_SOURCE_CONFLICT: 'Only one payment source may be given.',
    SVC_REQUEST_ID_REQUIRED: 'Svc-Request-Id is required for single-step create calls with a payment source.',
    ORDER_NOT_APPROVED: 'The payer has not yet approved the order for payment.',
    ORDER_ALREADY_COMPLETED: 'The order has already been completed.',
    ORDER_VOIDED:
      'The order is VOIDED (its authorizations were voided, or its approval was reversed) and can no longer be paid; create a new order.',
    ORDER_CANNOT_BE_UPDATED: 'Only an order in CREATED or APPROVED can be updated; a COMPLETED order cannot.',
    ORDER_CANNOT_BE_APPROVED: 'The order is not in a state that allows buyer approval.',
    ACTION_DOES_NOT_MATCH_INTENT: 'The action does not match the intent of the order.',
    PATCH_PATH_NOT_SUPPORTED: 'The patch path does not name a patchable field of the order.',
    PATCH_OPERATION_NOT_SUPPORTED: 'The patch operation is not permitted on this path.',
    PATCH_FAILED: 'The patch could not be applied to the current resource.',
    PATCH_TEST_FAILED: 'A test operation of the patch did not match the current resource.',
    INVALID_PATCH_RESULT: 'The patched resource would no longer be a valid order.',
    PAYER_ACCOUNT_INVALID: 'The buyer account is not a known personal sandbox account.',
    INSTRUMENT_DECLINED:
      'The instrument presented was either declined by the processor or bank, or it cannot be used.',
    TRANSACTION_REFUSED: 'The request was refused.',
    DUPLICATE_INVOICE_ID: 'Duplicate Invoice ID detected.',
    PAYER_CANNOT_PAY: 'Combination of payer and payee settings prevents this payment.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    PERMISSION_DENIED_FOR_DONATION_ITEMS:
      'The caller or payee does not have permission to send item category DONATION.',
  }),
};
