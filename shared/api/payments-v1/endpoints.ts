import { z } from 'zod';
import { SCOPES } from '../../scopes.js';
import { PatchRequestSchema } from '../common.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import {
  CaptureV1RequestSchema,
  OrderAuthorizeV1Schema,
  PaymentV1CreateHeaders,
  PaymentV1CreateSchema,
  PaymentV1ExecuteSchema,
  PaymentV1ListQuery,
  PaymentV1WriteHeaders,
  ReauthorizeV1Schema,
  RefundV1RequestSchema,
  V1IdParams,
} from './schemas.js';

const TAG = 'Payments v1 (deprecated)';
/** Spec 9.2: `/v1/payments/payment` is replaced by `/v2/payments`; the API answers exactly as before. */
const deprecated = { replacement: '/v2/payments' };

const show = (resource: string, path: string, scope: string = SCOPES.payments) =>
  defineEndpoint({
    method: 'GET',
    path,
    operationId: `payments-v1.${resource}.get`,
    summary: `Show ${resource} details (v1)`,
    tag: TAG,
    scope,
    params: V1IdParams,
    responses: { 200: `The ${resource}`, 404: `No such ${resource}` },
    deprecated,
  });

const refund = (resource: 'sale' | 'capture') =>
  defineEndpoint({
    method: 'POST',
    path: `/v1/payments/${resource}/:id/refund`,
    operationId: `payments-v1.${resource}.refund`,
    summary: `Refund a ${resource} (v1; no amount refunds what remains)`,
    tag: TAG,
    scope: SCOPES.refunds,
    params: V1IdParams,
    headers: PaymentV1WriteHeaders,
    body: RefundV1RequestSchema,
    bodyOptional: true,
    responses: { 201: 'The refund', 200: 'Idempotent repeat', 422: 'Refunded already or more than remains' },
    example: { amount: { total: '1.00', currency: 'USD' } },
    deprecated,
  });

const action = <B extends z.ZodType>(
  resource: 'authorization' | 'orders',
  verb: string,
  summary: string,
  body: B,
  responses: Record<number, string>,
  example?: unknown,
): Endpoint<typeof V1IdParams, undefined, typeof PaymentV1WriteHeaders, B> =>
  defineEndpoint({
    method: 'POST',
    path: `/v1/payments/${resource}/:id/${verb}`,
    operationId: `payments-v1.${resource === 'orders' ? 'order' : resource}.${verb}`,
    summary,
    tag: TAG,
    scope: SCOPES.payments,
    params: V1IdParams,
    headers: PaymentV1WriteHeaders,
    body,
    bodyOptional: true,
    responses,
    ...(example !== undefined ? { example } : {}),
    deprecated,
  });

/** Payments v1 (spec 2.6, 4.6), deprecated: every operation names `/v2/payments` as its replacement. */
export const PAYMENTS_V1_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/payment',
    operationId: 'payments-v1.payment.create',
    summary: 'Create a payment (intent sale, authorize or order)',
    tag: TAG,
    scope: SCOPES.payments,
    headers: PaymentV1CreateHeaders,
    body: PaymentV1CreateSchema,
    responses: { 201: 'The payment with self, approval_url and execute links', 200: 'Idempotent repeat' },
    example: {
      intent: 'sale',
      payer: { payment_method: 'svc' },
      transactions: [
        {
          amount: {
            total: '30.11',
            currency: 'USD',
            details: {
              subtotal: '30.00',
              tax: '0.07',
              shipping: '0.03',
              handling_fee: '1.00',
              shipping_discount: '-1.00',
              insurance: '0.01',
            },
          },
          description: 'The payment transaction description.',
          item_list: {
            items: [
              { name: 'hat', quantity: '5', price: '3.00', tax: '0.01', sku: '1', currency: 'USD' },
              {
                name: 'handbag',
                quantity: '1',
                price: '15.00',
                tax: '0.02',
                sku: 'product34',
                currency: 'USD',
              },
            ],
          },
        },
      ],
      note_to_payer: 'Contact us for any questions on your order.',
      redirect_urls: { return_url: 'https://example.com/return', cancel_url: 'https://example.com/cancel' },
    },
    deprecated,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/payment',
    operationId: 'payments-v1.payment.list',
    summary: 'List executed payments (count at most 20, default 10)',
    tag: TAG,
    scope: SCOPES.payments,
    query: PaymentV1ListQuery,
    responses: { 200: 'payments, count and next_id' },
    deprecated,
  }),
  show: show('payment', '/v1/payments/payment/:id'),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/v1/payments/payment/:id',
    operationId: 'payments-v1.payment.update',
    summary: 'Update a created payment (transaction amounts, shipping address, descriptions)',
    tag: TAG,
    scope: SCOPES.payments,
    params: V1IdParams,
    body: PatchRequestSchema,
    responses: { 200: 'The updated payment', 422: 'Not in created, or an unsupported path' },
    example: [{ op: 'replace', path: '/transactions/0/amount', value: { total: '18.37', currency: 'USD' } }],
    deprecated,
  }),
  execute: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/payment/:id/execute',
    operationId: 'payments-v1.payment.execute',
    summary: 'Execute an approved payment (payer_id from the buyer page)',
    tag: TAG,
    scope: SCOPES.payments,
    params: V1IdParams,
    headers: PaymentV1WriteHeaders,
    body: PaymentV1ExecuteSchema,
    responses: {
      200: 'The approved payment with related_resources',
      400: 'Wrong payer_id',
      422: 'Not approved or already executed',
    },
    example: { payer_id: 'PAYERID' },
    deprecated,
  }),
  showSale: show('sale', '/v1/payments/sale/:id'),
  refundSale: refund('sale'),
  showAuthorization: show('authorization', '/v1/payments/authorization/:id'),
  captureAuthorization: action(
    'authorization',
    'capture',
    'Capture an authorization (v1; partial captures, is_final_capture)',
    CaptureV1RequestSchema,
    { 201: 'The capture', 200: 'Idempotent repeat', 422: 'Captured, voided or over the remaining amount' },
    { amount: { total: '4.54', currency: 'USD' }, is_final_capture: true },
  ),
  voidAuthorization: action('authorization', 'void', 'Void an authorization (v1)', z.object({}), {
    200: 'The voided authorization',
    422: 'Cannot be voided',
  }),
  reauthorizeAuthorization: action(
    'authorization',
    'reauthorize',
    'Reauthorize an authorization once, from day 4 to day 29 (v1)',
    ReauthorizeV1Schema,
    {
      201: 'The reauthorized authorization',
      200: 'Idempotent repeat',
      422: 'Outside the window or done already',
    },
    { amount: { total: '7.00', currency: 'USD' } },
  ),
  showCapture: show('capture', '/v1/payments/capture/:id'),
  refundCapture: refund('capture'),
  showRefund: show('refund', '/v1/payments/refund/:id', SCOPES.refunds),
  showOrder: show('order', '/v1/payments/orders/:id'),
  authorizeOrder: action(
    'orders',
    'authorize',
    'Authorize an order (intent order)',
    OrderAuthorizeV1Schema,
    { 201: 'The authorization', 200: 'Idempotent repeat', 422: 'Already completed or over the order amount' },
    { amount: { total: '7.00', currency: 'USD' } },
  ),
  captureOrder: action(
    'orders',
    'capture',
    'Capture an order (intent order)',
    CaptureV1RequestSchema,
    { 201: 'The capture', 200: 'Idempotent repeat', 422: 'Already completed or over the order amount' },
    { amount: { total: '7.00', currency: 'USD' }, is_final_capture: true },
  ),
  voidOrder: action('orders', 'do-void', 'Void an order (intent order)', z.object({}), {
    200: 'The voided order',
    422: 'Already completed or voided',
  }),
};
