import { z } from 'zod';
import {
  CaptureRequestSchema,
  PaymentIdParams,
  PaymentWriteHeaders,
  ReauthorizeRequestSchema,
  RefundRequestSchema,
} from '../../../../shared/api/payments.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { HOUR } from '../../../clock.js';
import { defineRoute, type CreatedRef, type RequestContext } from '../../route.js';
import type { ApiGroup } from '../../server.js';
import type { PaymentsService } from './service.js';
import { authorizationView, captureView, refundView, type Representation } from './views.js';

/** Retention of capture, reauthorize and refund request ids (part 8 leaves it open; documented in README). */
const PAYMENT_KEY_RETENTION_MS = 72 * HOUR;

const representation = (ctx: RequestContext): Representation =>
  ctx.prefer === 'representation' ? 'full' : 'minimal';
const AssertionHeaders = z.object({ 'svc-auth-assertion': z.string().min(1).max(10_000).optional() });

export function paymentsGroup(payments: PaymentsService): ApiGroup {
  const showCreated = (created: CreatedRef, ctx: RequestContext) =>
    created.kind === 'capture'
      ? captureView(payments.captures.getCapture(created.id, ctx), ctx.baseUrl, representation(ctx))
      : created.kind === 'refund'
        ? refundView(payments.captures.getRefund(created.id, ctx), ctx.baseUrl, representation(ctx))
        : authorizationView(payments.getAuthorization(created.id, ctx), ctx.baseUrl, representation(ctx));

  return {
    routes: [
      defineRoute({
        method: 'GET',
        path: '/v2/payments/authorizations/:id',
        operationId: 'authorizations.get',
        summary: 'Show details for authorized payment',
        tag: 'Payments v2',
        scope: SCOPES.payments,
        params: PaymentIdParams,
        headers: AssertionHeaders,
        responses: { 200: 'The authorization', 404: 'No such authorization' },
        handle: ({ params, ctx }) => ({
          status: 200,
          body: authorizationView(payments.getAuthorization(params.id, ctx), ctx.baseUrl),
        }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v2/payments/authorizations/:id/capture',
        operationId: 'authorizations.capture',
        summary: 'Capture authorized payment (partial and multiple captures, final_capture)',
        tag: 'Payments v2',
        scope: SCOPES.payments,
        params: PaymentIdParams,
        headers: PaymentWriteHeaders,
        body: CaptureRequestSchema,
        bodyOptional: true,
        idempotency: { retentionMs: PAYMENT_KEY_RETENTION_MS },
        responses: { 201: 'The capture', 200: 'Idempotent repeat', 422: 'Business rule failed' },
        handle: ({ params, body, ctx }) => {
          const capture = payments.captureAuthorization(params.id, body ?? {}, ctx);
          return {
            status: 201,
            body: captureView(capture, ctx.baseUrl, representation(ctx)),
            created: { kind: 'capture', id: capture.id },
          };
        },
        replay: (created, { ctx }) => ({ status: 200, body: showCreated(created, ctx) }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v2/payments/authorizations/:id/reauthorize',
        operationId: 'authorizations.reauthorize',
        summary: 'Reauthorize authorized payment (day 4 to day 29)',
        tag: 'Payments v2',
        scope: SCOPES.payments,
        params: PaymentIdParams,
        headers: PaymentWriteHeaders,
        body: ReauthorizeRequestSchema,
        bodyOptional: true,
        idempotency: { retentionMs: PAYMENT_KEY_RETENTION_MS },
        responses: {
          201: 'The reauthorized payment',
          200: 'Idempotent repeat',
          422: 'Outside the window or over the allowance',
        },
        handle: ({ params, body, ctx }) => {
          const authorization = payments.reauthorize(params.id, body ?? {}, ctx);
          return {
            status: 201,
            body: authorizationView(authorization, ctx.baseUrl, representation(ctx)),
            created: { kind: 'authorization', id: authorization.id },
          };
        },
        replay: (created, { ctx }) => ({ status: 200, body: showCreated(created, ctx) }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v2/payments/authorizations/:id/void',
        operationId: 'authorizations.void',
        summary: 'Void authorized payment',
        tag: 'Payments v2',
        scope: SCOPES.payments,
        params: PaymentIdParams,
        headers: PaymentWriteHeaders,
        body: z.object({}).optional(),
        bodyOptional: true,
        responses: { 204: 'Voided', 200: 'Voided (Prefer: return=representation)', 422: 'Cannot be voided' },
        handle: ({ params, ctx }) => {
          const authorization = payments.voidAuthorization(params.id, ctx);
          return ctx.prefer === 'representation'
            ? { status: 200, body: authorizationView(authorization, ctx.baseUrl) }
            : { status: 204 };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/v2/payments/captures/:id',
        operationId: 'captures.get',
        summary: 'Show captured payment details',
        tag: 'Payments v2',
        scope: SCOPES.payments,
        params: PaymentIdParams,
        responses: { 200: 'The capture', 404: 'No such capture' },
        handle: ({ params, ctx }) => ({
          status: 200,
          body: captureView(payments.captures.getCapture(params.id, ctx), ctx.baseUrl),
        }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v2/payments/captures/:id/refund',
        operationId: 'captures.refund',
        summary: 'Refund captured payment (full or partial)',
        tag: 'Payments v2',
        scope: SCOPES.refunds,
        params: PaymentIdParams,
        headers: PaymentWriteHeaders,
        body: RefundRequestSchema,
        bodyOptional: true,
        idempotency: { retentionMs: PAYMENT_KEY_RETENTION_MS },
        responses: { 201: 'The refund', 200: 'Idempotent repeat', 422: 'More than what remains' },
        handle: ({ params, body, ctx }) => {
          const refund = payments.captures.refundCapture(params.id, body ?? {}, ctx);
          return {
            status: 201,
            body: refundView(refund, ctx.baseUrl, representation(ctx)),
            created: { kind: 'refund', id: refund.id },
          };
        },
        replay: (created, { ctx }) => ({ status: 200, body: showCreated(created, ctx) }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v2/payments/refunds/:id',
        operationId: 'refunds.get',
        summary: 'Show refund details',
        tag: 'Payments v2',
        scope: SCOPES.refunds,
        params: PaymentIdParams,
        responses: { 200: 'The refund', 404: 'No such refund' },
        handle: ({ params, ctx }) => ({
          status: 200,
          body: refundView(payments.captures.getRefund(params.id, ctx), ctx.baseUrl),
        }),
      }),
    ],
  };
}
