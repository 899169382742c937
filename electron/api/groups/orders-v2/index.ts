import { ordersV2Shared } from '../../../../shared/api/orders-v2/index.js';
import { orderMachine } from '../../../../shared/api/orders-v2/machines.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import { APPROVAL_REVERSAL_JOB, approvalReversalJob, scheduleApprovalReversal } from './jobs.js';
import { registerCheckoutPage } from './checkout-page.js';
import { orderEvents } from './events.js';
import { orderLinks, orderView } from './views.js';
import type { StoredOrder } from './types.js';
import { orderRoutes } from './routes.js';
import { orderTestHelpers } from './test-helpers.js';
import { OrdersService, type OrderPayments } from './service.js';

export { orderContext, type OrderContext } from './ledger-context.js';
export type { OrderBody, StoredOrder } from './types.js';
export { ORDER_APPROVED, ORDER_COMPLETED, ORDER_VOIDED, PAYMENT_APPROVAL_REVERSED } from './events.js';
export { APPROVAL_HOLD_MS } from './jobs.js';
export { cardBrand } from './order-rules.js';
export type { OrdersService, OrderPayments };

/**
 * Orders v2 (spec 2.4): orders, the buyer's approval page and its sandbox helper. It pays purchase
 * units through the payments group's port, and voids an order whose authorizations were all voided
 * by listening on the transition bus.
 */
export function defineOrdersV2(
  deps: GroupDeps,
  payments: OrderPayments,
): GroupModule & { api: OrdersService } {
  const orders = new OrdersService(deps, payments);
  deps.transitions.react((transition) => orders.onPaymentTransition(transition));
  deps.transitions.subscribe(scheduleApprovalReversal(deps));
  const view = (order: StoredOrder, baseUrl: string) => orderView(order, baseUrl, deps.store);
  return {
    name: 'orders-v2',
    shared: ordersV2Shared,
    api: orders,
    routes: [...orderRoutes(orders), ...orderTestHelpers(orders)],
    pages: (app, table) => registerCheckoutPage(app, table, orders, deps.store),
    resourceKinds: [
      defineResourceKind<StoredOrder>({
        kind: 'order',
        machine: orderMachine,
        view,
        links: orderLinks,
        summary: (order) => ({
          ...(order.body.purchase_units[0]
            ? {
                amount: {
                  currency_code: order.body.purchase_units[0].amount.currency_code,
                  value: order.body.purchase_units[0].amount.value,
                },
              }
            : {}),
          intent: order.body.intent,
        }),
        rootKind: 'order',
      }),
    ],
    events: orderEvents((order, baseUrl) => deps.kinds.present(order, baseUrl)),
    jobs: { [APPROVAL_REVERSAL_JOB]: approvalReversalJob((id, at) => orders.reverseApproval(id, at)) },
  };
}
