import { expect } from 'vitest';
import { ERROR_NAMES, type ErrorName, type Issue } from '../../../../shared/errors.js';
import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';

/**
 * Shared pieces of the orders v2 tests: the error-body contract of spec part 7, request builders and
 * the approval step. Test support only; no production code imports it.
 */

/** A fixed "now" (mid-month, so "before the current month" is unambiguous): 2026-05-15T12:00:00Z. */
export const FIXED_NOW = Date.parse('2026-05-15T12:00:00Z');
/** A Luhn-valid Visa test number. */
export const VISA = '4111111111111111';
export const MERCHANT = 'merchant@example.com';
export const BUYER = 'buyer@example.com';
export const CHARITY = 'charity@example.com';
export const ORDERS = '/v2/checkout/orders';

export interface ExpectedDetail {
  issue: Issue;
  field?: string;
  location?: 'body' | 'query' | 'path' | 'header';
}

/**
 * Asserts the whole error body of spec part 7: `name`, `message`, `debug_id`, `details[]` (each with a
 * field, location, issue and description; body fields are JSON pointers) and an `information_link`.
 * When `expected` is given, one detail must match it exactly on the given members.
 */
export function expectError(reply: Reply, name: ErrorName, expected?: ExpectedDetail): void {
  expect(reply.status, reply.text).toBe(ERROR_NAMES[name].status);
  expect(String(reply.headers['content-type'])).toContain('application/json');
  const body = reply.body as Record<string, unknown>;
  expect(body.name).toBe(name);
  expect(body.message).toEqual(expect.any(String));
  expect(String(body.message).length).toBeGreaterThan(0);
  expect(body.debug_id).toMatch(/^[0-9a-f]{13}$/);
  expect(Array.isArray(body.links)).toBe(true);
  const links = body.links as { rel: string; href: string }[];
  expect(links[0]?.rel).toBe('information_link');
  expect(links[0]?.href).toMatch(/^https?:\/\//);
  expect(reply.text).not.toMatch(/at .*\.[jt]s:\d+/); // never a stack trace
  if (!expected) return;
  const details = body.details as {
    field?: string;
    location?: string;
    issue: string;
    description?: string;
  }[];
  expect(Array.isArray(details), reply.text).toBe(true);
  expect(details.length).toBeGreaterThan(0);
  for (const d of details) {
    expect(d.issue).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(typeof d.description).toBe('string');
    expect(typeof d.location).toBe('string');
    // The members present vary by error (spec part 7); a body field is always a JSON pointer.
    if (d.field !== undefined) expect(typeof d.field).toBe('string');
    if (d.location === 'body' && d.field !== undefined) expect(d.field).toMatch(/^\//);
  }
  const wanted: Record<string, unknown> = { issue: expected.issue };
  if (expected.field !== undefined) wanted.field = expected.field;
  if (expected.location !== undefined) wanted.location = expected.location;
  expect(details, reply.text).toContainEqual(expect.objectContaining(wanted));
}

/** The rels of a links array, in order. */
export const rels = (links: { rel: string }[] | undefined): string[] => (links ?? []).map((l) => l.rel);

export const usd = (value: string) => ({ currency_code: 'USD', value });

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
          address: {
            address_line_1: '1 Main St',
            admin_area_2: 'San Jose',
            admin_area_1: 'CA',
            postal_code: '95131',
            country_code: 'US',
          },
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

/** Submits the buyer approval form of the approval page, as a browser would. */
export function submitCheckout(api: ApiHarness, fields: Record<string, string>): Promise<Reply> {
  return api.request('POST', '/checkoutnow', {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Approves an order as the seeded buyer through the approval page. */
export async function approve(api: ApiHarness, id: string, buyer = BUYER): Promise<void> {
  const reply = await submitCheckout(api, { token: id, buyer_email: buyer, action: 'approve' });
  expect([200, 303], reply.text).toContain(reply.status);
}
