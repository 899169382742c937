import { createElement } from 'react';
import { defineFeature } from '../feature';
import {
  LEGACY_AGREEMENT_KIND,
  LEGACY_PLAN_KIND,
  PLAN_KIND,
  PRODUCT_KIND,
  SUBSCRIPTION_KIND,
} from './billing-kinds';
import { lazyPage } from '../lazy-page';

const LegacyAgreementDetailPage = lazyPage(
  () => import('./legacy-agreement-detail-page'),
  'LegacyAgreementDetailPage',
);
const LegacyPlanDetailPage = lazyPage(() => import('./legacy-plan-detail-page'), 'LegacyPlanDetailPage');
const PlanDetailPage = lazyPage(() => import('./plan-detail-page'), 'PlanDetailPage');
const PlansPage = lazyPage(() => import('./plans-page'), 'PlansPage');
const ProductDetailPage = lazyPage(() => import('./product-detail-page'), 'ProductDetailPage');
const SubscriptionDetailPage = lazyPage(() => import('./subscription-detail-page'), 'SubscriptionDetailPage');
const SubscriptionsPage = lazyPage(() => import('./subscriptions-page'), 'SubscriptionsPage');

/**
 * Recurring billing: the Plans page (subscription plans with the plan form and its schedule preview,
 * catalog products, deprecated v1 billing plans) and the Subscriptions page (subscriptions with their
 * machine, billing timeline on the simulated clock and sandbox controls; deprecated v1 agreements).
 */
export const billingFeature = defineFeature({
  name: 'billing',
  nav: [
    { section: 'Billing', path: 'plans', label: 'Plans' },
    { section: 'Billing', path: 'subscriptions', label: 'Subscriptions' },
  ],
  routes: {
    plans: { list: () => createElement(PlansPage, { tab: 'plans' }), detail: PlanDetailPage },
    products: { list: () => createElement(PlansPage, { tab: 'products' }), detail: ProductDetailPage },
    'legacy-plans': {
      list: () => createElement(PlansPage, { tab: 'legacy-plans' }),
      detail: LegacyPlanDetailPage,
    },
    subscriptions: {
      list: () => createElement(SubscriptionsPage, { tab: 'subscriptions' }),
      detail: SubscriptionDetailPage,
    },
    'legacy-agreements': {
      list: () => createElement(SubscriptionsPage, { tab: 'legacy-agreements' }),
      detail: LegacyAgreementDetailPage,
    },
  },
  kinds: {
    [PRODUCT_KIND]: 'products',
    [PLAN_KIND]: 'plans',
    [SUBSCRIPTION_KIND]: 'subscriptions',
    [LEGACY_PLAN_KIND]: 'legacy-plans',
    [LEGACY_AGREEMENT_KIND]: 'legacy-agreements',
  },
});
