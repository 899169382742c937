import { createElement } from 'react';
import { defineFeature, type FeatureRoute } from '../feature';
import { PAYMENT_KINDS, PAYMENT_KIND_ORDER, type PaymentKind } from './payment-model';
import { lazyPage } from '../lazy-page';

const PaymentDetailPage = lazyPage(() => import('./payment-detail-page'), 'PaymentDetailPage');
const PaymentsListPage = lazyPage(() => import('./payments-list-page'), 'PaymentsListPage');

/** The list and detail pages of one payment resource kind. */
function pagesOf(kind: PaymentKind): FeatureRoute {
  return {
    list: () => createElement(PaymentsListPage, { kind }),
    detail: ({ id }) => createElement(PaymentDetailPage, { kind, id }),
  };
}

/** Payments v2: authorizations, captures and refunds, each a list and a detail page. */
export const paymentsFeature = defineFeature({
  name: 'payments',
  nav: PAYMENT_KIND_ORDER.map((kind) => ({
    section: 'Payments' as const,
    path: PAYMENT_KINDS[kind].route,
    label: PAYMENT_KINDS[kind].plural,
  })),
  routes: Object.fromEntries(PAYMENT_KIND_ORDER.map((kind) => [PAYMENT_KINDS[kind].route, pagesOf(kind)])),
  kinds: Object.fromEntries(PAYMENT_KIND_ORDER.map((kind) => [kind, PAYMENT_KINDS[kind].route])),
});
