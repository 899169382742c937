import { expect } from 'vitest';
import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';
import { CSRF_FIELD } from '../../pipeline/buyer-page.js';
import { checkoutCsrfToken } from './checkout-page.js';
import { usd } from '../../../test-support/test-kit.js';
export { rels, usd } from '../../../test-support/test-kit.js';
import { BUYER_ADDRESS } from '../../../test-support/fixtures.js';

/**
 * Shared pieces of the orders v2 tests: request builders and the approval step (the error-body contract
 * of spec part 7 is `expectError` in test-support). Test support only; no production code imports it.
 */

export const MERCHANT = 'merchant@example.com';
export const BUYER = 'buyer@example.com';
export const CHARITY = 'charity@example.com';
export const ORDERS = '/v2/checkout/orders';

/** A one-unit CAPTURE order with two items, a breakdown and a shipping block (every patch target present). */
export function richOrder() {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        description: 'Original description',
        custom_id: 'CUST-1',
        amount: {
          currency_code: 'USD',
          value: '25.00',
          breakdown: { item_total: usd('20.00'), shipping: usd('5.00') },
        },
        items: [{ name: 'Widget', quantity: '2', unit_amount: usd('10.00'), category: 'PHYSICAL_GOODS' }],
        shipping: {
          name: { full_name: 'Bailey Buyer' },
          email_address: 'ship@example.com',
          phone_number: { country_code: '1', national_number: '4085551234' },
          type: 'SHIPPING',
          options: [{ id: 'STD', label: 'Standard', type: 'SHIPPING', amount: usd('5.00'), selected: true }],
          address: BUYER_ADDRESS,
        },
      },
    ],
  };
}

/** Creates an order and returns its id (fails the test when the create does not answer 201). */
export async function createId(
  api: ApiHarness,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<string> {
  const reply = await api.createOrder(body, headers);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

export async function getOrder(api: ApiHarness, id: string): Promise<Reply> {
  const reply = await api.request('GET', `${ORDERS}/${id}`);
  expect(reply.status, reply.text).toBe(200);
  return reply;
}

/**
 * Submits the buyer approval form of the approval page, as a browser would: with the form's CSRF token
 * for the order it names (unless `fields` gives one).
 */
export function submitCheckout(api: ApiHarness, fields: Record<string, string>): Promise<Reply> {
  const csrf: Record<string, string> = fields.token ? { [CSRF_FIELD]: checkoutCsrfToken(fields.token) } : {};
  return api.request('POST', '/checkoutnow', {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...csrf, ...fields }).toString(),
  });
}

/** Approves an order as the seeded buyer through the approval page. */
export async function approve(api: ApiHarness, id: string, buyer = BUYER): Promise<void> {
  const reply = await submitCheckout(api, { token: id, buyer_email: buyer, action: 'approve' });
  expect([200, 303], reply.text).toContain(reply.status);
}
