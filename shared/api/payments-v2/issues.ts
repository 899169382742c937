import { issuesOf } from '../issue.js';

/** Payments v2: the issues its operations answer with. */
export const PAYMENTS_V2_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    AUTHORIZATION_VOIDED: 'The authorization has been voided.',
    AUTHORIZATION_EXPIRED: 'The authorization has expired.',
    AUTHORIZATION_ALREADY_CAPTURED: 'The authorization has been fully captured.',
    MAX_CAPTURE_AMOUNT_EXCEEDED: 'The capture amount exceeds the amount that remains on the authorization.',
    CANNOT_BE_VOIDED: 'The authorization cannot be voided in its current state.',
    REAUTHORIZE_TOO_EARLY: 'Reauthorization is possible from day 4 to day 29 of the original authorization.',
    REAUTHORIZE_TOO_LATE: 'After day 29 the authorization cannot be reauthorized; create a new one.',
    REAUTHORIZE_NOT_ALLOWED: 'Only an uncaptured authorization can be reauthorized.',
    REAUTHORIZE_AMOUNT_EXCEEDED:
      'A reauthorization may be at most 115% of the original amount and at most 75 USD more.',
    CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
    REFUND_AMOUNT_EXCEEDED: 'The refund amount exceeds the captured amount minus earlier refunds.',
  }),
};
