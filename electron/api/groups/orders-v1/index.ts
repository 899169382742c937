import {
  orderV1Machine,
  orderV1PaymentMachine,
  ordersV1Shared,
} from '../../../../shared/api/orders-v1/index.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import { registerApprovalPageV1 } from './approval-page.js';
import { orderV1Events } from './events.js';
import { AUTO_DISBURSE_JOB, autoDisburseJob } from './jobs.js';
import { orderV1Postings } from './ledger.js';
import { orderV1Routes } from './routes.js';
import { OrdersV1Service } from './service.js';
import {
  ORDER_V1_KIND,
  ORDER_V1_PAYMENT_KIND,
  type StoredOrderV1,
  type StoredOrderV1Payment,
} from './types.js';
import { orderV1Links, orderV1View, paymentV1Links, paymentV1View } from './views.js';

export { ORDER_V1_PROCESSED } from './events.js';
export { DELAYED_DISBURSEMENT_MAX_MS } from './jobs.js';
export type { StoredOrderV1, OrdersV1Service };

/**
 * Orders v1 (spec 2.3, 4.3; deprecated, Orders v2 replaces it): partner orders with several purchase
 * units, buyer approval on the approval page, pay with INSTANT or DELAYED disbursement, and the
 * disbursement of held funds. Its money goes through the same ledger as Orders v2.
 */
export function defineOrdersV1(deps: GroupDeps): GroupModule & { api: OrdersV1Service } {
  const orders = new OrdersV1Service(deps);
  return {
    name: 'orders-v1',
    shared: ordersV1Shared,
    api: orders,
    routes: orderV1Routes(orders),
    pages: (app, table) => registerApprovalPageV1(app, table, orders, deps.store),
    resourceKinds: [
      defineResourceKind<StoredOrderV1>({
        kind: ORDER_V1_KIND,
        machine: orderV1Machine,
        view: (order) => orderV1View(order),
        links: orderV1Links,
        summary: (order) => ({
          amount: {
            currency_code: order.body.gross_total_amount.currency,
            value: order.body.gross_total_amount.value,
          },
          intent: order.body.intent,
        }),
        rootKind: ORDER_V1_KIND,
      }),
      defineResourceKind<StoredOrderV1Payment>({
        kind: ORDER_V1_PAYMENT_KIND,
        machine: orderV1PaymentMachine,
        view: (payment) => paymentV1View(payment),
        links: paymentV1Links,
        summary: () => ({}),
        rootKind: ORDER_V1_KIND,
      }),
    ],
    events: orderV1Events((id) => orders.find(id)),
    ledger: orderV1Postings(deps.store),
    jobs: { [AUTO_DISBURSE_JOB]: autoDisburseJob((id, at) => orders.autoDisburse(id, at)) },
  };
}
