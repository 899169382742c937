import { ORDERS_V2_ENDPOINTS as E } from '../../../../shared/api/orders-v2/endpoints.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { DEFAULT_BUYER_EMAIL } from './checkout-page.js';
import type { OrdersService } from './service.js';

/** The orders' sandbox helpers: approve as a buyer, what the approval page does, for scripts and CI. */
export function orderTestHelpers(orders: OrdersService): AnyRoute[] {
  return [
    defineRoute(E.approveAsBuyer, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body, ctx }) => {
        const order = orders.get(params.id, ctx);
        orders.approve(order, body?.buyer_email ?? DEFAULT_BUYER_EMAIL);
        return { status: 200, resource: order };
      },
    }),
  ];
}
