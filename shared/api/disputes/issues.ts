import { issuesOf } from '../issue.js';

/** Customer Disputes v1: the issues its operations answer with (the platform's names where it documents them). */
export const DISPUTES_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE:
      'This action is not allowed for the dispute in its current state; its links list the allowed actions.',
    AMOUNT_SHOULD_NOT_BE_PASSED:
      'A refund amount cannot be given when accepting a MERCHANDISE_OR_SERVICE_NOT_RECEIVED claim.',
    REFUND_AMOUNT_EXCEEDS_DISPUTE_AMOUNT: 'The refund or offer amount is more than the disputed amount.',
    DISPUTE_CURRENCY_MISMATCH: 'The amount is not in the currency of the disputed transaction.',
    OFFER_TYPE_NOT_ALLOWED: 'The offer_type is not one the dispute allows (allowed_response_options).',
    ACCEPT_CLAIM_TYPE_NOT_ALLOWED:
      'The accept_claim_type is not one the dispute allows (allowed_response_options).',
    OFFER_AMOUNT_REQUIRED: 'An offer or a partial refund needs its amount.',
    EVIDENCE_REQUIRED: 'Give at least one evidence, a note or a document.',
    DOCUMENT_TYPE_NOT_SUPPORTED: 'Documents must be JPG, GIF, PNG or PDF files.',
    DOCUMENT_TOO_LARGE: 'A document is larger than 10 MB, or the documents of one request exceed 50 MB.',
    DISPUTE_DOCUMENTS_LIMIT_EXCEEDED:
      'The dispute already holds as many documents as it can keep: at most 100 documents and 100 MB in all.',
    TRANSACTION_NOT_DISPUTABLE:
      'The transaction cannot be disputed: it is not a completed capture or sale of this merchant, or nothing of it is left.',
    DISPUTE_AMOUNT_EXCEEDS_AVAILABLE:
      'The disputed amount is more than what remains of the transaction after refunds and open disputes.',
  }),
};
