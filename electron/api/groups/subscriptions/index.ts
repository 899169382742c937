import { subscriptionsShared } from '../../../../shared/api/subscriptions/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import type { CatalogProductsService } from '../catalog-products/index.js';
import { registerSubscriptionApprovalPage } from './approval-page.js';
import { BillingEngine } from './jobs.js';
import { SUBSCRIPTION_EVENTS_CONTRIBUTION } from './events.js';
import { subscriptionPostings } from './ledger.js';
import { PlansService } from './plan-service.js';
import { planLinks, planView, planMachine } from './plan-views.js';
import { subscriptionRoutes } from './routes.js';
import { SubscriptionsService } from './subscription-service.js';
import { SUBSCRIPTION_KINDS } from './subscription-views.js';
import { subscriptionTestHelpers } from './test-helpers.js';
import { defineResourceKind } from '../../group-module.js';
import type { StoredPlan } from './types.js';

export type { PlansService } from './plan-service.js';
export type { SubscriptionsService } from './subscription-service.js';
export type { BillingEngine } from './jobs.js';
export type { StoredPlan, StoredSubscription, StoredSale } from './types.js';
export { CYCLE_JOB, RETRY_JOB, START_JOB, RETRY_INTERVAL_MS, MAX_RETRIES } from './jobs.js';
export { approvalCsrfToken } from './approval-page.js';
export { APPROVAL_PATH } from './subscription-views.js';
export * from './events.js';

/**
 * Subscription plans and subscriptions (spec 2.10, 4.9): plans on catalog
 * products, subscriptions approved by the buyer on the approval page and billed cycle by cycle on the
 * simulated clock by the billing engine.
 */
export function defineSubscriptions(
  deps: GroupDeps,
  products: CatalogProductsService,
): GroupModule & { plans: PlansService; subscriptions: SubscriptionsService; engine: BillingEngine } {
  const plans = new PlansService(deps, products);
  const engine = new BillingEngine(deps, plans);
  const subscriptions = new SubscriptionsService(deps, plans, engine);
  return {
    name: 'subscriptions',
    shared: subscriptionsShared,
    plans,
    subscriptions,
    engine,
    routes: [...subscriptionRoutes(plans, subscriptions), ...subscriptionTestHelpers(deps, subscriptions)],
    pages: (app, table) => registerSubscriptionApprovalPage(app, table, subscriptions, deps.store),
    resourceKinds: [
      defineResourceKind<StoredPlan>({
        kind: 'subscription-plan',
        machine: planMachine,
        view: planView,
        links: planLinks,
        summary: (plan) => {
          const regular = plan.body.billing_cycles.find((c) => c.tenure_type === 'REGULAR');
          return regular?.pricing_scheme?.fixed_price ? { amount: regular.pricing_scheme.fixed_price } : {};
        },
        rootKind: 'subscription-plan',
      }),
      ...SUBSCRIPTION_KINDS,
    ],
    events: SUBSCRIPTION_EVENTS_CONTRIBUTION,
    ledger: subscriptionPostings(),
    jobs: engine.jobs(),
  };
}
