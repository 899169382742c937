import { expect } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { FIXED_NOW, FUTURE_EXPIRY, VISA } from '../../../test-support/fixtures.js';
import { type Json } from '../../../test-support/test-kit.js';
export { type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the reporting tests: a harness on a pinned real time, payment flows through the real
 * API, and search helpers. Test support only; no production code imports it.
 */

export const TRANSACTIONS = '/v1/reporting/transactions';
export const BALANCES = '/v1/reporting/balances';
/** The test helper that writes a number of ledger entries in one call. */
export const GENERATE = '/v1/test-helpers/reporting/generate';

export const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

let counter = 0;
const requestId = (): string => `rep-${Date.now().toString(36)}-${++counter}`;

export interface ReportingHarness extends ApiHarness {
  /** Simulated now (ms). */
  now(): number;
  advance(seconds: number): Promise<void>;
}

/** Real time stands still (at `FIXED_NOW` unless given); the simulated clock adds its offset. */
export async function startReportingHarness(realNow = FIXED_NOW): Promise<ReportingHarness> {
  const api = await startHarness({
    realNow: () => realNow,
    config: { tokenLifetimeSeconds: 4 * 365 * 24 * 3600 },
  });
  return Object.assign(api, {
    now: () => api.host.deps.clock.now(),
    async advance(seconds: number) {
      const reply = await api.request('POST', '/v1/test-helpers/clock', {
        body: { advance_seconds: seconds },
      });
      expect(reply.status, reply.text).toBe(200);
    },
  });
}

/** A query string from parameters (values URL-encoded). */
export function query(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`)
    .join('&');
}

/** The search window [now - 1 day, now + 1 hour]. */
export function around(api: ReportingHarness): { start_date: string; end_date: string } {
  return { start_date: iso(api.now() - 24 * 3600_000), end_date: iso(api.now() + 3600_000) };
}

export async function search(
  api: ReportingHarness,
  params: Record<string, string | undefined> = {},
  headers: Record<string, string> = {},
): Promise<Json> {
  const reply = await api.request('GET', `${TRANSACTIONS}?${query({ ...around(api), ...params })}`, {
    headers,
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

export async function balances(
  api: ReportingHarness,
  params: Record<string, string | undefined> = {},
): Promise<Json> {
  const reply = await api.request('GET', `${BALANCES}?${query(params)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** The balance of a currency as the balances endpoint answers it. */
export async function totalBalance(api: ReportingHarness, currency = 'USD'): Promise<string> {
  const body = await balances(api, { currency_code: currency });
  return body.balances[0].total_balance.value as string;
}

export interface Unit {
  value?: string;
  currency?: string;
  extra?: Record<string, unknown>;
}

/** An approved card order (single step) for one unit; returns its id. */
export async function cardOrder(
  api: ApiHarness,
  intent: 'CAPTURE' | 'AUTHORIZE',
  unit: Unit = {},
): Promise<string> {
  const reply = await api.createOrder(
    {
      intent,
      purchase_units: [
        { amount: { currency_code: unit.currency ?? 'USD', value: unit.value ?? '100.00' }, ...unit.extra },
      ],
      payment_source: { card: { number: VISA, expiry: FUTURE_EXPIRY, name: 'Card Holder' } },
    },
    { 'Svc-Request-Id': requestId() },
  );
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

/** Captures a CAPTURE order; returns the order id and its capture (full representation). */
export async function capturedOrder(
  api: ApiHarness,
  unit: Unit = {},
): Promise<{ orderId: string; capture: Json }> {
  const orderId = await cardOrder(api, 'CAPTURE', unit);
  const reply = await api.request('POST', `/v2/checkout/orders/${orderId}/capture`, {
    headers: { 'Svc-Request-Id': requestId() },
  });
  expect(reply.status, reply.text).toBe(201);
  const captureId = reply.body.purchase_units[0].payments.captures[0].id as string;
  const capture = await api.request('GET', `/v2/payments/captures/${captureId}`);
  return { orderId, capture: capture.body };
}

/** Authorizes an AUTHORIZE order; returns the order id and its authorization id. */
export async function authorizedOrder(
  api: ApiHarness,
  unit: Unit = {},
): Promise<{ orderId: string; authorizationId: string }> {
  const orderId = await cardOrder(api, 'AUTHORIZE', unit);
  const reply = await api.request('POST', `/v2/checkout/orders/${orderId}/authorize`, {
    headers: { 'Svc-Request-Id': requestId() },
  });
  expect(reply.status, reply.text).toBe(201);
  return { orderId, authorizationId: reply.body.purchase_units[0].payments.authorizations[0].id as string };
}

export async function refund(
  api: ApiHarness,
  captureId: string,
  value?: string,
  currency = 'USD',
): Promise<Json> {
  const reply = await api.request('POST', `/v2/payments/captures/${captureId}/refund`, {
    ...(value ? { body: { amount: { currency_code: currency, value } } } : {}),
    headers: { Prefer: 'return=representation' },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

export async function captureAuthorization(
  api: ApiHarness,
  authorizationId: string,
  body?: unknown,
): Promise<Json> {
  const reply = await api.request('POST', `/v2/payments/authorizations/${authorizationId}/capture`, {
    ...(body !== undefined ? { body } : {}),
    headers: { Prefer: 'return=representation' },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

/** Every entry of a search, following the pages. */
export async function allEntries(
  api: ReportingHarness,
  params: Record<string, string | undefined>,
): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const body = await search(api, { ...params, page_size: '500', page: String(page) });
    out.push(...body.transaction_details);
    if (page >= body.total_pages) return out;
  }
}
