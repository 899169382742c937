import { PAYMENT_V1_KINDS as KINDS, paymentsV1Shared } from '../../../../shared/api/payments-v1/index.js';
import {
  authorizationV1Machine,
  captureV1Machine,
  paymentOrderV1Machine,
  paymentV1Machine,
  refundV1Machine,
  saleV1Machine,
} from '../../../../shared/api/payments-v1/machines.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule, type ResourceSummaryFields } from '../../group-module.js';
import { lookupWebProfile } from '../web-profiles/index.js';
import { registerPaymentV1BuyerPage } from './buyer-page.js';
import { PAYMENT_V1_EVENTS } from './events.js';
import { paymentV1Jobs } from './jobs.js';
import { paymentV1Postings } from './ledger.js';
import { MoneyResources } from './money-resources.js';
import { PaymentV1Operations } from './operations.js';
import { paymentV1Routes } from './routes.js';
import { PaymentsV1Service } from './service.js';
import type {
  StoredAuthorizationV1,
  StoredCaptureV1,
  StoredOrderV1,
  StoredPaymentV1,
  StoredRefundV1,
  StoredSaleV1,
} from './types.js';
import {
  authorizationLinks,
  authorizationView,
  captureLinks,
  captureView,
  orderLinks,
  orderView,
  paymentLinks,
  paymentView,
  refundLinks,
  refundView,
  saleLinks,
  saleView,
} from './views.js';

export { SALE_COMPLETED, SALE_REFUNDED } from './events.js';
export { BUYER_PAGE_PATH } from './views.js';
export type { PaymentsV1Service };
export type { PaymentV1Operations } from './operations.js';
export type { StoredCaptureV1, StoredSaleV1 } from './types.js';

const amountOf = (amount: { total: string; currency: string }): ResourceSummaryFields => ({
  amount: { currency_code: amount.currency, value: amount.total },
});

/**
 * Payments v1 (deprecated; spec 2.6, 4.6, 9.2): payments with intent sale, authorize or order, their
 * buyer page, and the sales, authorizations, orders, captures and refunds they make. Money goes through
 * the one ledger with v2's codes and fee schedule; web experience profiles dress the buyer page.
 */
export function definePaymentsV1(
  deps: GroupDeps,
): GroupModule & { api: PaymentsV1Service; operations: PaymentV1Operations } {
  const make = new MoneyResources(deps);
  const payments = new PaymentsV1Service(
    deps,
    make,
    (merchantId, id) => !!lookupWebProfile(deps, merchantId, id),
  );
  const operations = new PaymentV1Operations(deps, make);
  const present = (payment: StoredPaymentV1, base: string) => ({
    ...paymentView(payment, base, deps.store),
    links: paymentLinks(payment, base),
  });
  return {
    name: 'payments-v1',
    shared: paymentsV1Shared,
    api: payments,
    operations,
    routes: paymentV1Routes(payments, operations, deps.store, present),
    pages: (app, table) =>
      registerPaymentV1BuyerPage(app, table, payments, deps.store, (payment) =>
        payment.body.experience_profile_id
          ? lookupWebProfile(deps, payment.internal.merchant_id, payment.body.experience_profile_id)
          : undefined,
      ),
    resourceKinds: [
      defineResourceKind<StoredPaymentV1>({
        kind: KINDS.payment,
        machine: paymentV1Machine,
        view: (payment, base) => paymentView(payment, base, deps.store),
        links: paymentLinks,
        summary: (payment) => ({
          ...(payment.body.transactions[0] ? amountOf(payment.body.transactions[0].amount) : {}),
          intent: payment.body.intent,
        }),
        rootKind: KINDS.payment,
      }),
      defineResourceKind<StoredSaleV1>({
        kind: KINDS.sale,
        machine: saleV1Machine,
        view: saleView,
        links: saleLinks,
        summary: (sale) => amountOf(sale.body.amount),
        rootKind: KINDS.payment,
      }),
      defineResourceKind<StoredAuthorizationV1>({
        kind: KINDS.authorization,
        machine: authorizationV1Machine,
        view: authorizationView,
        links: authorizationLinks,
        summary: (authorization) => amountOf(authorization.body.amount),
        rootKind: KINDS.payment,
      }),
      defineResourceKind<StoredCaptureV1>({
        kind: KINDS.capture,
        machine: captureV1Machine,
        view: captureView,
        links: captureLinks,
        summary: (capture) => amountOf(capture.body.amount),
        rootKind: KINDS.payment,
      }),
      defineResourceKind<StoredRefundV1>({
        kind: KINDS.refund,
        machine: refundV1Machine,
        view: refundView,
        links: refundLinks,
        summary: (refund) => amountOf(refund.body.amount),
        rootKind: KINDS.payment,
      }),
      defineResourceKind<StoredOrderV1>({
        kind: KINDS.order,
        machine: paymentOrderV1Machine,
        view: orderView,
        links: orderLinks,
        summary: (order) => amountOf(order.body.amount),
        rootKind: KINDS.payment,
      }),
    ],
    events: PAYMENT_V1_EVENTS,
    ledger: paymentV1Postings(deps.store),
    jobs: paymentV1Jobs({
      expirePayment: (id, at) => payments.expirePayment(id, at),
      expireAuthorization: (id, at) => operations.expireAuthorization(id, at),
    }),
  };
}
