import { issuesOf } from '../issue.js';

/** Reporting: the issues its operations answer with. */
export const REPORTING_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    DATE_RANGE_TOO_LONG: 'start_date and end_date may be at most 31 days apart.',
    DATE_RANGE_REVERSED: 'end_date must not be before start_date.',
    DATE_BEYOND_HISTORY: 'Transaction search and balances reach back at most 3 years.',
    INVALID_AMOUNT_RANGE:
      'transaction_amount must be [<low> TO <high>] in minor units, with low not above high.',
  }),
  ...issuesOf('RESOURCE_CONFLICT', {
    GENERATION_IN_PROGRESS: 'A history generation is already running; wait for it to finish.',
  }),
};
