import { expect } from 'vitest';
import { DAY, SECOND } from '../../../clock.js';
import { startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { CARD, FIXED_NOW } from '../../../test-support/fixtures.js';
import { PROCESSING_DELAY_MS } from './jobs.js';
import { getJson, type Json } from '../../../test-support/test-kit.js';

export { otherAppToken } from '../../../test-support/test-kit.js';
export { getJson, usd, type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the referenced payouts tests: a harness on a pinned real time (moved by hand for the
 * scheduler's tick), real captures made through the orders API, and request builders. Test support only.
 */

export const BATCHES = '/v1/payments/referenced-payouts';
export const ITEMS = '/v1/payments/referenced-payouts-items';
export const EVENTS = '/v1/notifications/webhooks-events';
export { DAY, SECOND, PROCESSING_DELAY_MS };

let counter = 0;
/** A fresh Svc-Request-Id. */
export const requestId = (prefix = 'rp'): string => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export interface ReferencedHarness extends ApiHarness {
  /** Simulated now (ms). */
  now(): number;
  /** Moves simulated time with the clock helper (jobs that fall due run). */
  advance(seconds: number): Promise<void>;
  /** Moves the pinned real time (what passes without the clock helper; the tick sees it). */
  setRealNow(ms: number): void;
}

/**
 * Real time stands still (at FIXED_NOW unless given); tokens outlive the longest clock jump of these
 * tests. With `dataDir` the workspace is on disk and survives a restart.
 */
export async function startReferencedHarness(
  options: { dataDir?: string; realNow?: number } = {},
): Promise<ReferencedHarness> {
  let real = options.realNow ?? FIXED_NOW;
  const api = await startHarness({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    realNow: () => real,
    config: { tokenLifetimeSeconds: 20 * 365 * 24 * 3600 },
  });
  return Object.assign(api, {
    now: () => api.host.deps.clock.now(),
    setRealNow: (ms: number) => void (real = ms),
    async advance(seconds: number) {
      const reply = await api.request('POST', '/v1/test-helpers/clock', {
        body: { advance_seconds: seconds },
      });
      expect(reply.status, reply.text).toBe(200);
    },
  });
}

/**
 * A real capture of a card order (orders v2 capture), returning its id. `unit` adds to the purchase
 * unit (e.g. a `payee`).
 */
export async function newCapture(
  api: ApiHarness,
  value = '100.00',
  currency = 'USD',
  unit: Record<string, unknown> = {},
): Promise<string> {
  const order = await api.createOrder(
    {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: currency, value }, ...unit }],
      payment_source: CARD,
    },
    { 'Svc-Request-Id': requestId('order') },
  );
  expect(order.status, order.text).toBe(201);
  const reply = await api.request('POST', `/v2/checkout/orders/${order.body.id}/capture`, {
    headers: { 'Svc-Request-Id': requestId('capture') },
  });
  expect(reply.status, reply.text).toBe(201);
  const id = reply.body.purchase_units[0].payments.captures[0].id as string;
  expect(id).toMatch(/^[A-Z0-9]{17}$/);
  return id;
}

/** A TRANSACTION_ID item on `captureId`, with extra members. */
export const item = (captureId: string, extra: Record<string, unknown> = {}) => ({
  reference_id: captureId,
  reference_type: 'TRANSACTION_ID',
  ...extra,
});

export const createBatch = (api: ApiHarness, body: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', BATCHES, { body, headers });

export const createItem = (api: ApiHarness, body: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', ITEMS, { body, headers });

export const getBatch = (api: ApiHarness, id: string) => getJson(api, `${BATCHES}/${id}`);
export const getItem = (api: ApiHarness, id: string) => getJson(api, `${ITEMS}/${id}`);

/** The last path segment of an absolute link. */
export const idOf = (href: string): string => new URL(href).pathname.split('/').pop() ?? '';

/** The batch id a 202 answer links to. */
export function queuedBatchId(reply: Reply): string {
  expect(reply.status, reply.text).toBe(202);
  expect(Object.keys(reply.body)).toEqual(['links']);
  const self = reply.body.links[0];
  expect(self).toMatchObject({ rel: 'self', method: 'GET' });
  return idOf(self.href);
}

/** Events of the app, oldest first, optionally of one type. */
export async function eventsOf(api: ApiHarness, eventType?: string): Promise<Json[]> {
  const reply = await api.request('GET', `${EVENTS}?page_size=300`);
  expect(reply.status, reply.text).toBe(200);
  const list = (reply.body.events as Json[]).reverse();
  return eventType ? list.filter((e) => e.event_type === eventType) : list;
}

/** A 13-character account id of the business account of `email`, from the store. */
export const accountIdOf = (api: ApiHarness, email: string): string =>
  api.host.deps.store.accounts.byEmail(email)?.id ?? '';
