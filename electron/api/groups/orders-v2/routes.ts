import { ORDERS_V2_ENDPOINTS as E } from '../../../../shared/api/orders-v2/endpoints.js';
import { HOUR } from '../../../clock.js';
import { JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { orderPaymentSourceView } from './views.js';
import type { OrdersService } from './service.js';

/** Orders v2 create keys are kept 6 hours (spec part 8). */
const CREATE_KEY_RETENTION_MS = 6 * HOUR;
/** Authorize and capture of an order share the payments' 72 hours (part 8 leaves it open). */
const SETTLE_KEY_RETENTION_MS = 72 * HOUR;

/** The HTTP binding of Orders v2. */
export function orderRoutes(orders: OrdersService): AnyRoute[] {
  const settle = (action: 'capture' | 'authorize') =>
    defineRoute(E[action], {
      partnerFeatures: ['PAYMENT'],
      idempotency: { retentionMs: SETTLE_KEY_RETENTION_MS },
      prefer: 'representation',
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: orders.settle(params.id, action, body?.payment_source, ctx),
      }),
    });

  return [
    defineRoute(E.create, {
      partnerFeatures: ['PAYMENT'],
      idempotency: { retentionMs: CREATE_KEY_RETENTION_MS },
      prefer: 'minimal',
      handle: ({ body, headers, ctx }) => ({
        status: 201,
        resource: orders.create(body, ctx, headers['svc-request-id'], headers['svc-partner-attribution-id']),
      }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, query, ctx }) => {
        const order = orders.get(params.id, ctx);
        return query.fields?.split(',').includes('payment_source')
          ? { status: 200, body: orderPaymentSourceView(order, ctx.baseUrl) }
          : { status: 200, resource: order };
      },
    }),
    defineRoute(E.update, {
      partnerFeatures: ['PAYMENT'],
      contentTypes: JSON_MEDIA_TYPES,
      handle: ({ params, body, ctx }) => {
        orders.update(params.id, body, ctx);
        return { status: 204 };
      },
    }),
    settle('authorize'),
    settle('capture'),
    defineRoute(E.track, {
      partnerFeatures: ['TRACKING_SHIPMENT_READWRITE'],
      idempotency: { retentionMs: SETTLE_KEY_RETENTION_MS },
      handle: ({ params, body, ctx }) => ({ status: 201, resource: orders.track(params.id, body, ctx) }),
    }),
    defineRoute(E.updateTracker, {
      partnerFeatures: ['TRACKING_SHIPMENT_READWRITE'],
      contentTypes: JSON_MEDIA_TYPES,
      handle: ({ params, body, ctx }) => {
        orders.updateTracker(params.id, params.tracker_id, body, ctx);
        return { status: 204 };
      },
    }),
  ];
}
