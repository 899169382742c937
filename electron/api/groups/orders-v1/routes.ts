import { ORDERS_V1_ENDPOINTS as E } from '../../../../shared/api/orders-v1/endpoints.js';
import { DAY } from '../../../clock.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { DEFAULT_BUYER_EMAIL } from './approval-page.js';
import type { OrdersV1Service } from './service.js';

/** Spec part 8: Orders v1 pay keys are kept forever; in the sandbox, 100,000 years of simulated time. */
export const PAY_KEY_RETENTION_MS = 100_000 * 365 * DAY;

/** The HTTP binding of Orders v1 and its sandbox helper. */
export function orderV1Routes(orders: OrdersV1Service): AnyRoute[] {
  return [
    defineRoute(E.create, {
      partnerFeatures: {
        always: ['PAYMENT'],
        sometimes: [
          {
            feature: 'PARTNER_FEE',
            when: 'a purchase unit carries partner_fee_details',
            applies: ({ body }) => body.purchase_units.some((unit) => unit.partner_fee_details),
          },
        ],
      },
      // Spec 4.3: the create answers 200 (not 201) with the order.
      handle: ({ body, headers, ctx }) => ({
        status: 200,
        resource: orders.create(body, ctx, headers['svc-partner-attribution-id']),
      }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: orders.get(params.order_id, ctx) }),
    }),
    defineRoute(E.delete, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => {
        orders.delete(params.order_id, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(E.pay, {
      partnerFeatures: ['PAYMENT'],
      idempotency: { retentionMs: PAY_KEY_RETENTION_MS },
      handle: ({ params, body, headers, ctx }) => ({
        status: 200,
        resource: orders.pay(params.order_id, body, ctx, headers['svc-partner-attribution-id']),
      }),
    }),
    defineRoute(E.disburse, {
      partnerFeatures: ['DELAY_FUNDS_DISBURSEMENT'],
      handle: ({ params, body, ctx }) => ({
        status: 200,
        resource: orders.disburse(params.order_id, body?.reference_id, ctx),
      }),
    }),
    defineRoute(E.approveAsBuyer, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body, ctx }) => {
        const order = orders.get(params.order_id, ctx);
        orders.approve(order, body?.buyer_email ?? DEFAULT_BUYER_EMAIL);
        return { status: 200, resource: order };
      },
    }),
  ];
}
