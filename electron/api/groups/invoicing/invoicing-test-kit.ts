import { expect } from 'vitest';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import { invoicePageCsrfToken } from './invoice-page.js';
import { payerViewPath } from './views.js';
import { CLOCK, type Json } from '../../../test-support/test-kit.js';
export { CLOCK, pathOf, rels, type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the invoicing tests: a harness on a pinned real time (the overdue job runs only when a
 * test moves the clock), request builders, the customer's page as a browser submits it, and the
 * mailbox. Test support only.
 */

export const INVOICES = '/v1/invoicing/invoices';
export const SEARCH = '/v1/invoicing/search';
export const MAILBOX = '/v1/test-helpers/mailbox';
export const TRANSACTIONS = '/v1/reporting/transactions';
export const DAY_SECONDS = 24 * 3600;

export async function startInvoicingHarness(options: { dataDir?: string } = {}): Promise<ApiHarness> {
  return startHarness({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    realNow: () => FIXED_NOW,
    config: { tokenLifetimeSeconds: 4 * 365 * 24 * 3600 },
  });
}

/** A valid invoice body: one 100.00 USD item for the seeded buyer, with `overrides` merged in. */
export function invoiceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchant_info: { email: SEED_MERCHANT.email, business_name: 'Example Merchant Inc.' },
    billing_info: [{ email: SEED_BUYER.email, first_name: 'Bailey', last_name: 'Buyer' }],
    items: [{ name: 'Consulting', quantity: 1, unit_price: { currency: 'USD', value: '100.00' } }],
    ...overrides,
  };
}

export const item = (value: string, quantity = 1, extra: Record<string, unknown> = {}) => ({
  name: `Item ${value}`,
  quantity,
  unit_price: { currency: 'USD', value },
  ...extra,
});

export async function createOk(api: ApiHarness, body = invoiceBody()): Promise<Json> {
  const reply = await api.request('POST', INVOICES, { body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

export async function sendOk(api: ApiHarness, id: string): Promise<void> {
  const reply = await api.request('POST', `${INVOICES}/${id}/send`);
  expect(reply.status, reply.text).toBe(202);
}

export async function getInvoice(api: ApiHarness, id: string): Promise<Json> {
  const reply = await api.request('GET', `${INVOICES}/${id}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** A created and sent invoice's id. */
export async function sentInvoice(api: ApiHarness, body = invoiceBody()): Promise<string> {
  const created = await createOk(api, body);
  await sendOk(api, created.id as string);
  return created.id as string;
}

/** The customer's page, as a browser reads it. */
export const openPage = (api: ApiHarness, id: string, query = ''): Promise<Reply> =>
  api.request('GET', payerViewPath(id) + query, { token: null });

/** Submits the pay form as a browser does (the CSRF token of the page unless `form` has one). */
export function payOnPage(api: ApiHarness, id: string, form: Record<string, string> = {}): Promise<Reply> {
  const fields = {
    csrf_token: invoicePageCsrfToken(id),
    payer_email: SEED_BUYER.email,
    source: 'wallet',
    ...form,
  };
  return api.request('POST', payerViewPath(id), {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The payer page's form paid with a card (`number`, `expiry` as the form takes them). */
export const payByCardOnPage = (
  api: ApiHarness,
  id: string,
  number: string,
  expiry: string,
  form: Record<string, string> = {},
): Promise<Reply> =>
  payOnPage(api, id, { source: 'card', card_number: number, card_expiry: expiry, ...form });

export async function mailbox(api: ApiHarness, recipient?: string): Promise<Json[]> {
  const query = recipient ? `?recipient=${encodeURIComponent(recipient)}` : '';
  const reply = await api.request('GET', MAILBOX + query);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.messages as Json[];
}

export async function advanceDays(api: ApiHarness, days: number): Promise<void> {
  const reply = await api.request('POST', CLOCK, { body: { advance_seconds: days * DAY_SECONDS } });
  expect(reply.status, reply.text).toBe(200);
}
