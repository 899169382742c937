import { createElement } from 'react';
import { defineFeature, type FeatureRoute } from '../feature';
import { LEGACY_KIND_ORDER, LEGACY_KINDS, type LegacyKind } from './legacy-model';
import { lazyPage } from '../lazy-page';

const LegacyDetailPage = lazyPage(() => import('./legacy-detail-page'), 'LegacyDetailPage');
const LegacyListPage = lazyPage(() => import('./legacy-list-page'), 'LegacyListPage');

function pagesOf(kind: LegacyKind): FeatureRoute {
  return {
    list: () => createElement(LegacyListPage, { kind }),
    detail: ({ id }) => createElement(LegacyDetailPage, { kind, id }),
  };
}

/**
 * Payments v1 (deprecated): payments in the Legacy section; their sales, authorizations, captures,
 * refunds and orders have pages of their own, reached from the payment.
 */
export const legacyPaymentsFeature = defineFeature({
  name: 'legacy-payments',
  nav: [
    {
      section: 'Legacy',
      path: LEGACY_KINDS['payment-v1'].route,
      label: 'Payments v1',
      apiPrefix: '/v1/payments/payment',
    },
  ],
  routes: Object.fromEntries(LEGACY_KIND_ORDER.map((kind) => [LEGACY_KINDS[kind].route, pagesOf(kind)])),
  kinds: Object.fromEntries(LEGACY_KIND_ORDER.map((kind) => [kind, LEGACY_KINDS[kind].route])),
});
