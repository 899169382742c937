import { issuesOf } from '../issue.js';

/** Referenced payouts: the issues its operations answer with. */
export const REFERENCED_PAYOUTS_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    REFERENCE_TRANSACTION_NOT_FOUND:
      'reference_type TRANSACTION_ID must name a capture made by the calling application.',
  }),
  ...issuesOf('RESOURCE_CONFLICT', {
    ONGOING_ACTIVITY_ON_REFERENCE:
      'A previous request on the same reference is still being processed; retry later.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    PARTNER_ATTRIBUTION_ID_REQUIRED:
      'A partner acting for a merchant (Svc-Auth-Assertion) must send its build-notation code in Svc-Partner-Attribution-Id.',
  }),
};
