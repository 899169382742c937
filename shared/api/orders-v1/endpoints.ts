import { defineEndpoint } from '../endpoint.js';
import { SCOPES } from '../../scopes.js';
import { BuyerApprovalSchema } from '../sandbox/schemas.js';
import {
  OrderV1CreateHeaders,
  OrderV1CreateSchema,
  OrderV1DisburseSchema,
  OrderV1IdParams,
  OrderV1PayHeaders,
  OrderV1PaySchema,
} from './schemas.js';

const TAG = 'Orders v1 (deprecated)';
const BASE = '/v1/checkout/orders';
/** Spec 9.2: Orders v1 is deprecated (announced); Orders v2 replaces it. */
const deprecated = { replacement: 'Orders v2' };

/** Orders v1 (spec 2.3, 4.3) and its sandbox helper. */
export const ORDERS_V1_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: BASE,
    operationId: 'orders-v1.create',
    summary: 'Create order (v1)',
    tag: TAG,
    scope: SCOPES.orders,
    headers: OrderV1CreateHeaders,
    body: OrderV1CreateSchema,
    responses: {
      200: 'The order, CREATED, with self, approval_url and cancel links',
      400: 'Invalid request',
      422: 'Amounts that do not add up, or an account that cannot be fetched',
    },
    deprecated,
    example: {
      intent: 'SALE',
      purchase_units: [
        {
          reference_id: 'store_order_1234',
          description: 'Console order',
          amount: {
            currency: 'USD',
            total: '12.00',
            details: { subtotal: '10.00', shipping: '2.00', tax: '0.00' },
          },
          payee: { email: 'merchant@example.com' },
          items: [{ name: 'Widget', sku: 'W-1', price: '5.00', currency: 'USD', quantity: '2' }],
          partner_fee_details: {
            receiver: { email: 'charity@example.com' },
            amount: { value: '0.50', currency: 'USD' },
          },
        },
      ],
      redirect_urls: { return_url: 'https://example.com/return', cancel_url: 'https://example.com/cancel' },
    },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: `${BASE}/:order_id`,
    operationId: 'orders-v1.get',
    summary: 'Show order details (v1)',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderV1IdParams,
    responses: { 200: 'The order', 404: 'No such order (or it was deleted)' },
    deprecated,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/:order_id`,
    operationId: 'orders-v1.delete',
    summary: 'Cancel (delete) order (v1)',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderV1IdParams,
    responses: {
      204: 'Deleted (CREATED or APPROVED)',
      404: 'No such order',
      422: 'This order is in progress',
    },
    deprecated,
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: `${BASE}/:order_id/pay`,
    operationId: 'orders-v1.pay',
    summary: 'Pay for order (v1)',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderV1IdParams,
    headers: OrderV1PayHeaders,
    body: OrderV1PaySchema,
    responses: {
      200: 'The pay response (order_id, status, payer_info); a repeated Svc-Request-Id answers it again',
      422: 'Not approved, already paid, or an account that cannot be fetched',
    },
    deprecated,
    example: { disbursement_mode: 'INSTANT' },
  }),
  disburse: defineEndpoint({
    method: 'POST',
    path: `${BASE}/:order_id/disburse`,
    operationId: 'orders-v1.disburse',
    summary: 'Disburse funds held by a DELAYED pay (v1)',
    tag: TAG,
    scope: SCOPES.orders,
    params: OrderV1IdParams,
    body: OrderV1DisburseSchema,
    bodyOptional: true,
    responses: { 200: 'The order, its funds disbursed', 422: 'No funds held' },
    deprecated,
    example: {},
  }),
  approveAsBuyer: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/checkout/v1-orders/:order_id/approve',
    operationId: 'sandbox.orders-v1.approve',
    summary: 'Approve a v1 order as a sandbox buyer (what the approval page does)',
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    params: OrderV1IdParams,
    body: BuyerApprovalSchema,
    bodyOptional: true,
    responses: { 200: 'The approved order', 422: 'Not approvable or unknown buyer' },
    example: {},
  }),
};
