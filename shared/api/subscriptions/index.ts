import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { SUBSCRIPTIONS_ENDPOINTS } from './endpoints.js';
import { SUBSCRIPTIONS_ISSUES } from './issues.js';
import { subscriptionMachine, subscriptionPlanMachine, subscriptionSaleMachine } from './machines.js';
import { SUBSCRIPTIONS_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './plan-rules.js';
export type * from './views.js';

/** Subscription plans and subscriptions: what both sides know of them. */
export const subscriptionsShared = defineSharedGroup({
  name: 'subscriptions',
  transactionCodes: SUBSCRIPTIONS_TRANSACTION_CODES,
  issues: SUBSCRIPTIONS_ISSUES,
  machines: {
    'subscription-plan': subscriptionPlanMachine,
    subscription: subscriptionMachine,
    'subscription-sale': subscriptionSaleMachine,
  },
  endpoints: Object.values(SUBSCRIPTIONS_ENDPOINTS),
  scopes: [SCOPES.subscriptions],
});
