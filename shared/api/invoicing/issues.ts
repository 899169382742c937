import { issuesOf } from '../issue.js';

/** Invoicing v1: the issues its operations answer with (the platform's codes are not shown; these are ours). */
export const INVOICING_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    DUPLICATE_INVOICE_NUMBER: 'The merchant already has an invoice with this number.',
    INVOICE_TOTAL_NEGATIVE: 'The invoice total cannot be negative.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    INVOICE_CANNOT_BE_UPDATED: 'Only a draft, or a sent invoice nothing was paid on, can be updated.',
    INVOICE_NOT_DRAFT: 'Only a DRAFT invoice can be deleted.',
    INVOICE_ALREADY_SENT: 'The invoice was already sent.',
    INVOICE_NOT_SENT: 'The invoice is a draft: send it first.',
    INVOICE_NOT_PAYABLE: 'The invoice is paid, cancelled or refunded: nothing is due on it.',
    INVOICE_CANNOT_BE_CANCELLED: 'Only a sent invoice that nothing was paid on can be cancelled.',
    INVOICE_NOT_PAID: 'Nothing was paid on the invoice, so nothing can be refunded.',
    INVOICE_TOTAL_ZERO: 'An invoice with a total of zero cannot be sent.',
    PARTIAL_PAYMENT_NOT_ALLOWED:
      'The invoice must be paid in full (or the merchant cannot allow partial payments).',
    AMOUNT_BELOW_MINIMUM_DUE: 'The payment is less than the minimum amount due of the invoice.',
    AMOUNT_EXCEEDS_DUE: 'The payment is more than the amount due on the invoice.',
    REFUND_EXCEEDS_PAID: 'The refund is more than what was paid and not yet refunded.',
    TIP_NOT_ALLOWED: 'The invoice does not allow a tip (or the merchant cannot allow tips).',
    MERCHANT_EMAIL_NOT_ON_ACCOUNT: "merchant_info.email is not the e-mail of the merchant's account.",
  }),
};
