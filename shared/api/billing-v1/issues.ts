import { issuesOf } from '../issue.js';

/** Billing plans and agreements v1: the issues their operations answer with. */
export const BILLING_V1_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    PAYEE_NOT_SUPPORTED: 'The payee object is not supported on billing agreements (spec 2.9).',
    START_DATE_TOO_EARLY: 'start_date must be at least 24 hours after now.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    MULTIPLE_REGULAR_PAYMENT_DEFINITIONS: 'A billing plan holds at most one REGULAR payment definition.',
    MULTIPLE_TRIAL_PAYMENT_DEFINITIONS: 'A billing plan holds at most one TRIAL payment definition.',
    MISSING_REGULAR_PAYMENT_DEFINITION: 'A billing plan needs one REGULAR payment definition.',
    INVALID_CYCLES_FOR_PLAN_TYPE:
      'A FIXED plan bills a REGULAR definition 1 or more times; an INFINITE plan has cycles 0 on it.',
    LEGACY_PLAN_STATE_INVALID: 'The billing plan is not in a state that allows this change.',
    PLAN_NOT_ACTIVE: 'Agreements can be created only on ACTIVE billing plans.',
    AGREEMENT_NOT_APPROVED: 'The buyer has not approved the agreement yet (follow its approval_url).',
    AGREEMENT_ALREADY_EXECUTED: 'The agreement was already executed.',
  }),
};
