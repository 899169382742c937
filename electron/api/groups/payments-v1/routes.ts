import { PAYMENTS_V1_ENDPOINTS as API } from '../../../../shared/api/payments-v1/index.js';
import { HOUR } from '../../../clock.js';
import type { Store } from '../../../store/store.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { PaymentV1Operations } from './operations.js';
import { listPayments } from './payment-list.js';
import type { PaymentsV1Service } from './service.js';
import type { StoredPaymentV1 } from './types.js';

/**
 * Retention of v1 request ids: part 8 names none for v1; 72 hours, as for payments v2's writes, covers
 * the repeat after a time-out that spec 4.1.7 asks for on execute and capture (docs/groups/payments-v1.md).
 */
const idempotency = { retentionMs: 72 * HOUR };

/** The operations of payments v1: each binds a shared endpoint to the service. v1 knew no `Prefer`. */
export function paymentV1Routes(
  payments: PaymentsV1Service,
  operations: PaymentV1Operations,
  store: Store,
  present: (payment: StoredPaymentV1, baseUrl: string) => Record<string, unknown>,
): AnyRoute[] {
  return [
    defineRoute(API.create, {
      idempotency,
      handle: ({ body, headers, ctx }) => ({
        status: 201,
        resource: payments.create(body, ctx, headers['svc-partner-attribution-id']),
      }),
    }),
    defineRoute(API.list, {
      handle: ({ query, ctx }) => {
        const { payments: page, nextId } = listPayments(store, query, ctx);
        return {
          status: 200,
          body: {
            payments: page.map((payment) => present(payment, ctx.baseUrl)),
            count: page.length,
            ...(nextId ? { next_id: nextId } : {}),
          },
        };
      },
    }),
    defineRoute(API.show, {
      handle: ({ params, ctx }) => ({ status: 200, resource: payments.get(params.id, ctx) }),
    }),
    defineRoute(API.update, {
      handle: ({ params, body, ctx }) => ({ status: 200, resource: payments.update(params.id, body, ctx) }),
    }),
    defineRoute(API.execute, {
      idempotency,
      handle: ({ params, body, ctx }) => ({ status: 200, resource: payments.execute(params.id, body, ctx) }),
    }),
    defineRoute(API.showSale, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.sale(params.id, ctx) }),
    }),
    defineRoute(API.refundSale, {
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.refundSale(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showAuthorization, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.authorization(params.id, ctx) }),
    }),
    defineRoute(API.captureAuthorization, {
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.captureAuthorization(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.voidAuthorization, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.voidAuthorization(params.id, ctx) }),
    }),
    defineRoute(API.reauthorizeAuthorization, {
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.reauthorize(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showCapture, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.capture(params.id, ctx) }),
    }),
    defineRoute(API.refundCapture, {
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.refundCapture(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showRefund, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.refund(params.id, ctx) }),
    }),
    defineRoute(API.showOrder, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.order(params.id, ctx) }),
    }),
    defineRoute(API.authorizeOrder, {
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.authorizeOrder(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.captureOrder, {
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.captureOrder(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.voidOrder, {
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.voidOrder(params.id, ctx) }),
    }),
  ];
}
