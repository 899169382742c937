import { z } from 'zod';
import {
  OrderCreateHeaders,
  OrderCreateSchema,
  OrderIdParams,
  OrderPatchSchema,
  OrderPaymentSchema,
  OrderShowQuery,
} from '../../../../shared/api/orders.js';
import { requestIdHeader, preferHeader } from '../../../../shared/api/common.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { HOUR } from '../../../clock.js';
import type { Store } from '../../../store/store.js';
import { JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { defineRoute, type RequestContext } from '../../route.js';
import type { ApiGroup } from '../../server.js';
import { orderView } from './order-view.js';
import type { OrdersService } from './service.js';

/** Orders v2 create keys are kept 6 hours (spec part 8). */
const CREATE_KEY_RETENTION_MS = 6 * HOUR;
/** Authorize and capture of an order share the payments' 72 hours (part 8 leaves it open). */
const SETTLE_KEY_RETENTION_MS = 72 * HOUR;

const SettleHeaders = z.object({ 'svc-request-id': requestIdHeader(10_000), prefer: preferHeader });
const AssertionHeaders = z.object({ 'svc-auth-assertion': z.string().min(1).max(10_000).optional() });

export function ordersGroup(orders: OrdersService, store: Store): ApiGroup {
  /** Create answers minimal by default; authorize and capture answer the whole order by default. */
  const show = (id: string, ctx: RequestContext, defaultRepresentation: 'minimal' | 'full') =>
    orderView(
      orders.get(id, ctx),
      ctx.baseUrl,
      store,
      ctx.prefer === undefined ? defaultRepresentation : ctx.prefer === 'minimal' ? 'minimal' : 'full',
    );

  const settleRoute = (action: 'capture' | 'authorize') =>
    defineRoute({
      method: 'POST',
      path: `/v2/checkout/orders/:id/${action}`,
      operationId: `orders.${action}`,
      summary: action === 'capture' ? 'Capture payment for order' : 'Authorize payment for order',
      tag: 'Orders v2',
      scope: SCOPES.orders,
      params: OrderIdParams,
      headers: SettleHeaders,
      body: OrderPaymentSchema,
      bodyOptional: true,
      idempotency: { retentionMs: SETTLE_KEY_RETENTION_MS },
      responses: {
        201: 'The completed order with its payments',
        200: 'Idempotent repeat',
        422: 'Not approved, wrong intent or already completed',
      },
      handle: ({ params, body, ctx }) => {
        const order = orders.settle(params.id, action, body?.payment_source, ctx);
        return { status: 201, body: show(order.id, ctx, 'full'), created: { kind: 'order', id: order.id } };
      },
      replay: (created, { ctx }) => ({ status: 200, body: show(created.id, ctx, 'full') }),
    });

  return {
    routes: [
      defineRoute({
        method: 'POST',
        path: '/v2/checkout/orders',
        operationId: 'orders.create',
        summary: 'Create order',
        tag: 'Orders v2',
        scope: SCOPES.orders,
        headers: OrderCreateHeaders,
        body: OrderCreateSchema,
        idempotency: { retentionMs: CREATE_KEY_RETENTION_MS },
        responses: {
          201: 'Created (minimal unless Prefer: return=representation)',
          200: 'Idempotent repeat',
          400: 'Invalid request',
          403: 'Donation items not permitted',
          422: 'Business validation failed',
        },
        handle: ({ body, headers, ctx }) => {
          const order = orders.create(body, ctx, headers['svc-request-id']);
          // The order in hand is what was just written: no need to read it back.
          const representation = ctx.prefer === 'representation' ? 'full' : 'minimal';
          return {
            status: 201,
            body: orderView(order, ctx.baseUrl, store, representation),
            created: { kind: 'order', id: order.id },
          };
        },
        replay: (created, { ctx }) => ({ status: 200, body: show(created.id, ctx, 'minimal') }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v2/checkout/orders/:id',
        operationId: 'orders.get',
        summary: 'Show order details',
        tag: 'Orders v2',
        scope: SCOPES.orders,
        params: OrderIdParams,
        query: OrderShowQuery,
        headers: AssertionHeaders,
        responses: { 200: 'The order', 404: 'No such order' },
        handle: ({ params, query, ctx }) => ({
          status: 200,
          body: orderView(orders.get(params.id, ctx), ctx.baseUrl, store, 'full', query.fields?.split(',')),
        }),
      }),
      defineRoute({
        method: 'PATCH',
        path: '/v2/checkout/orders/:id',
        operationId: 'orders.update',
        summary: 'Update order (JSON Patch)',
        tag: 'Orders v2',
        scope: SCOPES.orders,
        contentTypes: JSON_MEDIA_TYPES,
        params: OrderIdParams,
        body: OrderPatchSchema,
        responses: {
          204: 'Updated',
          400: 'Malformed patch',
          422: 'Not patchable, failed test, or a completed order',
        },
        handle: ({ params, body, ctx }) => {
          orders.update(params.id, body, ctx);
          return { status: 204 };
        },
      }),
      settleRoute('authorize'),
      settleRoute('capture'),
    ],
  };
}
