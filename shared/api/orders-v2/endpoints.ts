import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { preferHeader, requestIdHeader } from '../common.js';
import { SCOPES } from '../../scopes.js';
import { BuyerApprovalSchema } from '../sandbox/schemas.js';
import { OrderTrackerParams, OrderTrackSchema } from '../trackers/schemas.js';
import {
  OrderCreateHeaders,
  OrderCreateSchema,
  OrderIdParams,
  OrderPatchSchema,
  OrderPaymentSchema,
  OrderShowQuery,
} from './schemas.js';

const TAG = 'Orders v2';
const SettleHeaders = z.object({ 'svc-request-id': requestIdHeader(10_000), prefer: preferHeader });
/** `Svc-Auth-Assertion` lets a partner read on behalf of a merchant. */
export const AssertionHeaders = z.object({ 'svc-auth-assertion': z.string().min(1).max(10_000).optional() });

const settle = (action: 'capture' | 'authorize') =>
  defineEndpoint({
    method: 'POST',
    path: `/v2/checkout/orders/:id/${action}`,
    operationId: `orders.${action}`,
    summary: action === 'capture' ? 'Capture payment for order' : 'Authorize payment for order',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderIdParams,
    headers: SettleHeaders,
    body: OrderPaymentSchema,
    bodyOptional: true,
    responses: {
      201: 'The completed order with its payments',
      200: 'Idempotent repeat',
      422: 'Not approved, wrong intent or already completed',
    },
    example: {},
  });

/** Orders v2 (spec 2.4) and its sandbox helper. */
export const ORDERS_V2_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: '/v2/checkout/orders',
    operationId: 'orders.create',
    summary: 'Create order',
    tag: TAG,
    scope: SCOPES.orders,
    headers: OrderCreateHeaders,
    body: OrderCreateSchema,
    responses: {
      201: 'Created (minimal unless Prefer: return=representation)',
      200: 'Idempotent repeat',
      400: 'Invalid request',
      403: 'Donation items not permitted',
      422: 'Business validation failed',
    },
    example: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'default',
          description: 'Console order',
          amount: { currency_code: 'USD', value: '25.00' },
        },
      ],
    },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/v2/checkout/orders/:id',
    operationId: 'orders.get',
    summary: 'Show order details',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderIdParams,
    query: OrderShowQuery,
    headers: AssertionHeaders,
    responses: { 200: 'The order', 404: 'No such order' },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/v2/checkout/orders/:id',
    operationId: 'orders.update',
    summary: 'Update order (JSON Patch)',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderIdParams,
    body: OrderPatchSchema,
    responses: {
      204: 'Updated',
      400: 'Malformed patch',
      422: 'Not patchable, failed test, or a completed order',
    },
    example: [
      {
        op: 'replace',
        path: "/purchase_units/@reference_id=='default'/description",
        value: 'Patched from the console',
      },
    ],
  }),
  authorize: settle('authorize'),
  capture: settle('capture'),
  track: defineEndpoint({
    method: 'POST',
    path: '/v2/checkout/orders/:id/track',
    operationId: 'orders.track.create',
    summary: 'Add tracking information for an order (a capture of it)',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderIdParams,
    headers: z.object({
      'svc-request-id': requestIdHeader(108),
      'svc-auth-assertion': z.string().min(1).max(10_000).optional(),
    }),
    body: OrderTrackSchema,
    responses: {
      201: 'The order, its tracker under purchase_units[].shipping.trackers',
      200: 'Idempotent repeat',
      400: 'Invalid tracker fields',
      404: 'No such order',
      422: 'Capture not found or not COMPLETED, item sku mismatch, tracker exists',
    },
    example: {
      capture_id: 'CAPTURE_ID',
      tracking_number: '443844607820',
      carrier: 'FEDEX',
      notify_payer: false,
    },
  }),
  updateTracker: defineEndpoint({
    method: 'PATCH',
    path: '/v2/checkout/orders/:id/trackers/:tracker_id',
    operationId: 'orders.trackers.patch',
    summary: "Update or cancel an order's tracker (JSON Patch: items, notify_payer, status CANCELLED)",
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderTrackerParams,
    body: OrderPatchSchema,
    responses: {
      204: 'Updated',
      400: 'Malformed patch or a status other than CANCELLED',
      404: 'No such order or tracker',
      422: 'Not patchable, cancelled, or already updated 5 times',
    },
    example: [{ op: 'replace', path: '/status', value: 'CANCELLED' }],
  }),
  approveAsBuyer: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/checkout/orders/:id/approve',
    operationId: 'sandbox.orders.approve',
    summary: 'Approve an order as a sandbox buyer (what the approval page does)',
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    params: OrderIdParams,
    body: BuyerApprovalSchema,
    bodyOptional: true,
    responses: { 200: 'The approved order', 422: 'Not approvable or unknown buyer' },
    example: {},
  }),
};
