import { expect } from 'vitest';
import { startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import { advance, getJson, type Json } from '../../../test-support/test-kit.js';

export { otherAppToken } from '../../../test-support/test-kit.js';
export { CLOCK, advance, getJson, pathOf, rels, type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the payouts tests: a harness on a pinned real time (processing then runs only when
 * the test moves time: the clock helper, or `tick` for the real-time path), request builders, funding
 * and reads. Test support only.
 */

export const PAYOUTS = '/v1/payments/payouts';
export const ITEMS = '/v1/payments/payouts-item';
export const FUND = '/v1/test-helpers/payouts/fund';
export const TRANSACTIONS = '/v1/reporting/transactions';
export const BALANCES = '/v1/reporting/balances';
export const DAY_SECONDS = 24 * 3600;

export interface PayoutsHarness extends ApiHarness {
  /** Moves the pinned real time (what passes without the clock helper). */
  setRealNow(ms: number): void;
  realNow(): number;
}

/**
 * Real time stands still at FIXED_NOW (a batch waits in PENDING until the test moves time), tokens
 * outlive every clock jump, and the body limit takes a 15,000-item batch (the default 1 MiB does not).
 */
export async function startPayoutsHarness(
  options: { dataDir?: string; realNow?: number; persistent?: boolean } = {},
): Promise<PayoutsHarness> {
  let real = options.realNow ?? FIXED_NOW;
  const api = await startHarness({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.persistent ? { persistent: true } : {}),
    realNow: () => real,
    config: { tokenLifetimeSeconds: 4 * 365 * 24 * 3600 },
  });
  return Object.assign(api, {
    setRealNow: (ms: number) => void (real = ms),
    realNow: () => real,
  });
}

let counter = 0;
/** A fresh id for Svc-Request-Id or sender_batch_id. */
export const uniqueId = (prefix = 'id'): string => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export interface ItemOptions {
  value?: string;
  currency?: string;
  recipient_type?: 'EMAIL' | 'PHONE' | 'SVC_ID';
  [member: string]: unknown;
}

export function payoutItem(receiver: string, options: ItemOptions = {}): Record<string, unknown> {
  const { value = '10.00', currency = 'USD', recipient_type = 'EMAIL', ...rest } = options;
  return { recipient_type, amount: { value, currency }, receiver, ...rest };
}

export function batchBody(
  items: Record<string, unknown>[],
  header: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    sender_batch_header: {
      sender_batch_id: uniqueId('batch'),
      email_subject: 'You have a payout!',
      ...header,
    },
    items,
  };
}

export function createBatch(
  api: ApiHarness,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return api.request('POST', PAYOUTS, { body, headers });
}

/** Creates a batch that must be accepted (201 PENDING); returns its id. */
export async function createOk(
  api: ApiHarness,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<string> {
  const reply = await createBatch(api, body, headers);
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body.batch_header.batch_status).toBe('PENDING');
  return reply.body.batch_header.payout_batch_id as string;
}

/** Deposits `value` into the merchant's balance (T0300). */
export async function fund(api: ApiHarness, value: string, currency = 'USD'): Promise<Json> {
  const reply = await api.request('POST', FUND, { body: { amount: { currency, value } } });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

/** Lets processing happen: one simulated second (every batch due by then is processed in the move). */
export const settle = (api: ApiHarness): Promise<Json> => advance(api, 1);

export const getBatch = (api: ApiHarness, id: string, query = ''): Promise<Json> =>
  getJson(api, `${PAYOUTS}/${id}${query ? `?${query}` : ''}`);
export const getItem = (api: ApiHarness, id: string): Promise<Json> => getJson(api, `${ITEMS}/${id}`);

/** The batch's items by id (its first page of 1,000). */
export async function itemsOf(api: ApiHarness, batchId: string): Promise<Json[]> {
  return (await getBatch(api, batchId)).items as Json[];
}

/** The total balance of a currency, as the balances endpoint answers it. */
export async function totalBalance(api: ApiHarness, currency = 'USD'): Promise<string> {
  const body = await getJson(api, `${BALANCES}?currency_code=${currency}`);
  return body.balances[0].total_balance.value as string;
}

export const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Every transaction of the merchant in [from, to] (all pages), from the transaction search. */
export async function transactionsBetween(
  api: ApiHarness,
  fromMs: number,
  toMs: number,
  extra: Record<string, string> = {},
): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({
      start_date: iso(fromMs),
      end_date: iso(toMs),
      page_size: '500',
      page: String(page),
      ...extra,
    });
    const body = await getJson(api, `${TRANSACTIONS}?${params.toString()}`);
    out.push(...(body.transaction_details as Json[]));
    if (page >= (body.total_pages as number)) return out;
  }
}

/** The app's webhook events about one resource, oldest first (type names only). */
export function eventTypesOf(api: ApiHarness, resourceId: string): string[] {
  const { items } = api.host.services.webhooks.events.list(api.host.sandboxApp.id, { resourceId }, 100, 0);
  return items.map((e) => e.event_type).reverse();
}

/** The batch's state history (creation first). */
export const historyOf = (api: ApiHarness, kind: string, id: string) =>
  api.host.deps.store.resources.history(kind, id).map((h) => `${h.trigger}:${h.to_status}`);

/** Item resources stored for a batch (processed items). */
export const storedItems = (api: ApiHarness, batchId: string): number =>
  api.host.deps.store.resources.list('payout-item', { rootId: batchId }, 0, 0).total;

/**
 * One run of the scheduler on the real-time path (not a clock move), in a turn of the event loop of its
 * own: real time moves on by `ms`, then the due jobs run, as the scheduler's tick would. Processes one
 * chunk of a batch that is due.
 */
export async function tick(api: PayoutsHarness, ms = 1000): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  api.setRealNow(api.realNow() + ms);
  return api.host.deps.scheduler.runDue();
}
