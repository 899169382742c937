import { expect } from 'vitest';
import { DAY } from '../../../clock.js';
import { startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { CARD, FIXED_NOW } from '../../../test-support/fixtures.js';
import { advance as advanceSeconds, getJson, type Json } from '../../../test-support/test-kit.js';
export { CLOCK, getJson, linkOf, pathOf, rels, usd, type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the payments v2 tests: a harness on a pinned real-time source, request builders for
 * authorized orders, capture and refund steps. Test support only.
 */

export const ORDERS = '/v2/checkout/orders';
export const AUTHORIZATIONS = '/v2/payments/authorizations';
export const CAPTURES = '/v2/payments/captures';
export const REFUNDS = '/v2/payments/refunds';
export const SECOND_MS = 1000;
export { DAY };

export const money = (value: string, currency_code = 'USD') => ({ currency_code, value });

let requestCounter = 0;
/** A fresh Svc-Request-Id. */
export const requestId = (prefix = 'req'): string =>
  `${prefix}-${Date.now().toString(36)}-${++requestCounter}`;

/**
 * Sends one request twice under the same Svc-Request-Id: the first creates (201), the repeat answers
 * the same resource (200) whatever happened in between.
 */
export async function sentTwice(
  send: (headers: Record<string, string>) => Promise<Reply>,
  prefix: string,
): Promise<{ first: Reply; repeat: Reply }> {
  const headers = { 'Svc-Request-Id': requestId(prefix) };
  const first = await send(headers);
  expect(first.status, first.text).toBe(201);
  const repeat = await send(headers);
  expect(repeat.status, repeat.text).toBe(200);
  expect(repeat.body.id).toBe(first.body.id);
  return { first, repeat };
}

export interface PaymentsHarness extends ApiHarness {
  /** Moves the pinned real time (what passes without the clock helper). */
  setRealNow(ms: number): void;
}

/**
 * A harness whose real time stands still at FIXED_NOW (so every "day N" boundary is exact) and whose
 * tokens outlive the longest clock jump of these tests (29+ days).
 */
export async function startPaymentsHarness(
  options: { dataDir?: string; realNow?: number } = {},
): Promise<PaymentsHarness> {
  let real = options.realNow ?? FIXED_NOW;
  const api = await startHarness({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    realNow: () => real,
    config: { tokenLifetimeSeconds: 365 * 24 * 3600 },
  });
  return Object.assign(api, { setRealNow: (ms: number) => void (real = ms) });
}

/** Creates an approved card order (single-step, `Svc-Request-Id` given) and returns its id. */
export async function createCardOrder(
  api: ApiHarness,
  intent: 'CAPTURE' | 'AUTHORIZE',
  value = '100.00',
  currency = 'USD',
  unit: Record<string, unknown> = {},
): Promise<string> {
  const reply = await api.createOrder(
    {
      intent,
      purchase_units: [{ amount: { currency_code: currency, value }, ...unit }],
      payment_source: CARD,
    },
    { 'Svc-Request-Id': requestId('create') },
  );
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body.status).toBe('APPROVED');
  return reply.body.id as string;
}

/** Authorizes an approved AUTHORIZE order; returns the whole order reply. */
export async function authorizeOrder(api: ApiHarness, orderId: string): Promise<Reply> {
  const reply = await api.request('POST', `${ORDERS}/${orderId}/authorize`, {
    headers: { 'Svc-Request-Id': requestId('authorize') },
  });
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body.status).toBe('COMPLETED');
  return reply;
}

/** A card order for `value`, authorized: its order id and its one authorization id. */
export async function newAuthorization(
  api: ApiHarness,
  value = '100.00',
  currency = 'USD',
  unit: Record<string, unknown> = {},
): Promise<{ orderId: string; authorizationId: string }> {
  const orderId = await createCardOrder(api, 'AUTHORIZE', value, currency, unit);
  const reply = await authorizeOrder(api, orderId);
  const authorizationId = reply.body.purchase_units[0].payments.authorizations[0].id as string;
  expect(authorizationId).toMatch(/^[A-Z0-9]{17}$/);
  return { orderId, authorizationId };
}

export function capture(
  api: ApiHarness,
  authorizationId: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api.request('POST', `${AUTHORIZATIONS}/${authorizationId}/capture`, {
    ...(body !== undefined ? { body } : {}),
    headers,
  });
}

export function refund(
  api: ApiHarness,
  captureId: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api.request('POST', `${CAPTURES}/${captureId}/refund`, {
    ...(body !== undefined ? { body } : {}),
    headers,
  });
}

export function reauthorize(
  api: ApiHarness,
  authorizationId: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api.request('POST', `${AUTHORIZATIONS}/${authorizationId}/reauthorize`, {
    ...(body !== undefined ? { body } : {}),
    headers,
  });
}

export function voidAuthorization(
  api: ApiHarness,
  authorizationId: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api.request('POST', `${AUTHORIZATIONS}/${authorizationId}/void`, { headers });
}

export const getAuthorization = (api: ApiHarness, id: string) => getJson(api, `${AUTHORIZATIONS}/${id}`);
export const getCapture = (api: ApiHarness, id: string) => getJson(api, `${CAPTURES}/${id}`);
export const getRefund = (api: ApiHarness, id: string) => getJson(api, `${REFUNDS}/${id}`);
export const getOrder = (api: ApiHarness, id: string) => getJson(api, `${ORDERS}/${id}`);

/** Moves the simulated clock forward by `ms` (whole seconds) and returns the helper's answer. */
export async function advance(api: ApiHarness, ms: number): Promise<Json> {
  expect(ms % 1000).toBe(0);
  return advanceSeconds(api, ms / 1000);
}

/** A capture that must succeed with 201; returns the capture (full representation). */
export async function captureOk(api: ApiHarness, authorizationId: string, body?: unknown): Promise<Json> {
  const reply = await capture(api, authorizationId, body, { Prefer: 'return=representation' });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

/** A refund that must succeed with 201; returns the refund (full representation). */
export async function refundOk(api: ApiHarness, captureId: string, body?: unknown): Promise<Json> {
  const reply = await refund(api, captureId, body, { Prefer: 'return=representation' });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}
