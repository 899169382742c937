import { issuesOf } from '../issue.js';

/**
 * Subscription plans and subscriptions: the issues their operations answer with, named as the
 * platform's Subscriptions API names them.
 */
export const SUBSCRIPTIONS_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    MISSING_REGULAR_BILLING_CYCLE: 'A plan needs exactly one REGULAR billing cycle.',
    MULTIPLE_REGULAR_BILLING_CYCLES_NOT_SUPPORTED: 'A plan has at most one REGULAR billing cycle.',
    MORE_THAN_TWO_TRIAL_BILLING_CYCLE_NOT_SUPPORTED: 'A plan has at most two TRIAL billing cycles.',
    MULTIPLE_FREE_TRIAL_BILLING_CYCLES_NOT_SUPPORTED: 'At most one trial billing cycle may be free.',
    INVALID_BILLING_CYCLE_SEQUENCE:
      'Billing cycle sequences must run 1, 2, ... without gaps or repeats, trials before the regular cycle.',
    INVALID_TRIAL_BILLING_TOTAL_CYCLES: 'A trial billing cycle runs 1 to 999 times (never infinitely).',
    PRODUCT_NOT_FOUND: 'No catalog product has this id.',
    PLAN_STATUS_INVALID:
      'Invalid plan status for this action: activate needs a CREATED or INACTIVE plan, deactivate an ACTIVE one.',
    PLAN_STATUS_INACTIVE: 'The plan is INACTIVE (or not ACTIVE): it takes no new subscriptions or prices.',
    PRICING_SCHEME_UPDATE_NOT_ALLOWED:
      'No billing cycle of the plan has this sequence, or it is a free trial.',
    SUBSCRIPTION_STATUS_INVALID: 'The subscription is not in a status that allows this action.',
    SUBSCRIPTION_CANNOT_BE_ACTIVATED: 'Only a SUSPENDED subscription can be activated.',
    SUBSCRIPTION_CANNOT_HAVE_QUANTITY: 'The plan does not support quantity (quantity_supported is false).',
    INVALID_START_TIME: 'start_time cannot be in the past.',
    ZERO_OUTSTANDING_BALANCE: 'The subscription has no outstanding balance to capture.',
    AMOUNT_GREATER_THAN_OUTSTANDING_BALANCE: 'The amount is greater than the outstanding balance.',
    SALE_NOT_REFUNDABLE: 'Only a COMPLETED sale can be refunded.',
  }),
};
