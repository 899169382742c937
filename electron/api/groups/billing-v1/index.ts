import { billingV1Shared } from '../../../../shared/api/billing-v1/index.js';
import { billingAgreementV1Machine } from '../../../../shared/api/billing-v1/machines.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import type { CatalogProductsService } from '../catalog-products/index.js';
import {
  APPROVAL_PATH,
  type PlansService,
  type StoredSubscription,
  type SubscriptionsService,
} from '../subscriptions/index.js';
import { billingV1Routes } from './routes.js';
import { AgreementsService } from './agreements-service.js';
import { LegacyPlansService } from './legacy-plans-service.js';
import type { StoredAgreement } from './types.js';
import { agreementLinks, agreementView, legacyPlanKind } from './views.js';

export type { AgreementsService } from './agreements-service.js';
export type { LegacyPlansService } from './legacy-plans-service.js';
export type { StoredAgreement, StoredLegacyPlan } from './types.js';

/**
 * Billing plans and agreements v1 (spec 2.8, 2.9, 4.8; deprecated by subscription plans and
 * subscriptions): each activated plan is billed by a subscription plan made from it, each agreement by
 * a subscription of the same id, approved on the subscriptions' buyer page.
 */
export function defineBillingV1(
  deps: GroupDeps,
  products: CatalogProductsService,
  plans: PlansService,
  subscriptions: SubscriptionsService,
): GroupModule {
  const legacyPlans = new LegacyPlansService(deps, products, plans);
  const agreements = new AgreementsService(deps, legacyPlans, subscriptions);
  const subscriptionOf = (agreement: StoredAgreement): StoredSubscription | undefined =>
    subscriptions.find(agreement.id);
  const approveHref = (agreement: StoredAgreement, base: string) =>
    `${base}${APPROVAL_PATH}?ba_token=${encodeURIComponent(agreement.id)}&token=${encodeURIComponent(agreement.internal.token)}`;
  return {
    name: 'billing-v1',
    shared: billingV1Shared,
    routes: billingV1Routes(legacyPlans, agreements),
    resourceKinds: [
      legacyPlanKind,
      defineResourceKind<StoredAgreement>({
        kind: 'billing-agreement-v1',
        machine: billingAgreementV1Machine,
        view: (agreement) => agreementView(agreement, subscriptionOf(agreement)),
        links: (agreement, base) => agreementLinks(agreement, base, approveHref(agreement, base)),
        summary: () => ({}),
        rootKind: 'subscription',
      }),
    ],
  };
}
