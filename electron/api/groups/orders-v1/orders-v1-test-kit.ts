import { expect } from 'vitest';
import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';
import { CSRF_FIELD } from '../../pipeline/buyer-page.js';
import { approvalCsrfToken } from './approval-page.js';

/** Shared pieces of the Orders v1 tests. Test support only; no production code imports it. */

export const ORDERS_V1 = '/v1/checkout/orders';
export const APPROVAL_PAGE = '/checkoutnow/v1';

/** A one-unit SALE order whose amounts add up: 2 × 5.00 + 2.00 shipping = 12.00, with a partner fee. */
export function v1Order(overrides: Record<string, unknown> = {}) {
  return {
    intent: 'SALE',
    purchase_units: [
      {
        reference_id: 'unit-1',
        description: 'Mobile World order 1234',
        amount: {
          currency: 'USD',
          total: '12.00',
          details: { subtotal: '10.00', shipping: '2.00', tax: '0.00' },
        },
        payee: { email: 'merchant@example.com' },
        items: [{ name: 'NeoPhone', sku: 'sku03', price: '5.00', currency: 'USD', quantity: '2' }],
        partner_fee_details: {
          receiver: { email: 'charity@example.com' },
          amount: { value: '1.00', currency: 'USD' },
        },
        invoice_number: 'INV-1',
        custom: 'custom-1',
      },
    ],
    redirect_urls: { return_url: 'https://example.com/return', cancel_url: 'https://example.com/cancel' },
    ...overrides,
  };
}

export async function createV1(
  api: ApiHarness,
  body: unknown = v1Order(),
  headers: Record<string, string> = {},
) {
  const reply = await api.request('POST', ORDERS_V1, { body, headers });
  expect(reply.status, reply.text).toBe(200);
  // The order as JSON: tests read arbitrary members (Reply['body'] is the harness's untyped JSON).
  return reply.body as Reply['body'];
}

/** Submits the approval form as a browser would (with the form's CSRF token). */
export function submitApproval(api: ApiHarness, fields: Record<string, string>): Promise<Reply> {
  const csrf: Record<string, string> = fields.token ? { [CSRF_FIELD]: approvalCsrfToken(fields.token) } : {};
  return api.request('POST', APPROVAL_PAGE, {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...csrf, ...fields }).toString(),
  });
}

export async function approveV1(api: ApiHarness, id: string, buyer = 'buyer@example.com'): Promise<Reply> {
  const reply = await submitApproval(api, { token: id, buyer_email: buyer, action: 'approve' });
  expect(reply.status, reply.text).toBe(303);
  return reply;
}

export function pay(
  api: ApiHarness,
  id: string,
  body: unknown = { disbursement_mode: 'INSTANT' },
  headers: Record<string, string> = {},
) {
  return api.request('POST', `${ORDERS_V1}/${id}/pay`, { body, headers });
}
