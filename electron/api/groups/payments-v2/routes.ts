import { PAYMENTS_V2_ENDPOINTS as API } from '../../../../shared/api/payments-v2/endpoints.js';
import { HOUR } from '../../../clock.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { PaymentsService } from './service.js';

/** Retention of capture, reauthorize and refund request ids (part 8 leaves it open; documented in docs/request-pipeline.md). */
const PAYMENT_KEY_RETENTION_MS = 72 * HOUR;
const idempotency = { retentionMs: PAYMENT_KEY_RETENTION_MS };

/** The operations of payments v2: each binds a shared endpoint to the service. */
export function paymentRoutes(payments: PaymentsService): AnyRoute[] {
  return [
    defineRoute(API.showAuthorization, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: payments.getAuthorization(params.id, ctx) }),
    }),
    defineRoute(API.captureAuthorization, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      prefer: 'minimal',
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: payments.captureAuthorization(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.reauthorizeAuthorization, {
      partnerFeatures: ['PAYMENT'],
      idempotency,
      prefer: 'minimal',
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: payments.reauthorize(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.voidAuthorization, {
      partnerFeatures: ['PAYMENT'],
      // 204 without a body unless the caller asks for the representation (then the whole authorization).
      handle: ({ params, ctx }) => {
        const authorization = payments.voidAuthorization(params.id, ctx);
        return ctx.prefer === 'representation' ? { status: 200, resource: authorization } : { status: 204 };
      },
    }),
    defineRoute(API.showCapture, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: payments.captures.getCapture(params.id, ctx) }),
    }),
    defineRoute(API.refundCapture, {
      partnerFeatures: ['REFUND'],
      idempotency,
      prefer: 'minimal',
      handle: ({ params, body, ctx }) => ({
        status: 201,
        resource: payments.captures.refundCapture(params.id, body ?? {}, ctx),
      }),
    }),
    defineRoute(API.showRefund, {
      partnerFeatures: ['REFUND'],
      handle: ({ params, ctx }) => ({ status: 200, resource: payments.captures.getRefund(params.id, ctx) }),
    }),
  ];
}
