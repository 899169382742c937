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
      partnerFeatures: ['PAYMENT'],
      idempotency,
      handle: ({ body, headers, ctx }) => ({
        status: 201,
        resource: payments.create(body, ctx, headers['svc-partner-attribution-id']),
      }),
    }),
    defineRoute(API.list, {
      partnerFeatures: ['PAYMENT'],
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
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: payments.get(params.id, ctx) }),
    }),
    defineRoute(API.update, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, body, ctx }) => ({ status: 200, resource: payments.update(params.id, body, ctx) }),
    }),
    defineRoute(API.execute, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      handle: ({ params, body, ctx }) => ({ status: 200, resource: payments.execute(params.id, body, ctx) }),
    }),
    defineRoute(API.showSale, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.sale(params.id, ctx) }),
    }),
    defineRoute(API.refundSale, {
      partnerFeatures: ['REFUND'],
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.refundSale(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showAuthorization, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.authorization(params.id, ctx) }),
    }),
    defineRoute(API.captureAuthorization, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.captureAuthorization(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.voidAuthorization, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.voidAuthorization(params.id, ctx) }),
    }),
    defineRoute(API.reauthorizeAuthorization, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.reauthorize(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showCapture, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.capture(params.id, ctx) }),
    }),
    defineRoute(API.refundCapture, {
      partnerFeatures: ['REFUND'],
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.refundCapture(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showRefund, {
      partnerFeatures: ['REFUND'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.refund(params.id, ctx) }),
    }),
    defineRoute(API.showOrder, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.order(params.id, ctx) }),
    }),
    defineRoute(API.authorizeOrder, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.authorizeOrder(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.captureOrder, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: operations.captureOrder(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.voidOrder, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: operations.voidOrder(params.id, ctx) }),
    }),
  ];
}
