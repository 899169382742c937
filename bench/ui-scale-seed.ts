import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { accessToken } from './host.js';
import type { Served } from './serve.js';

/**
 * What the UI-scale benchmark measures against, made through the API as an integration would: a funded
 * payout batch, orders from many callers, a generated ledger; and the note a kept workspace carries of
 * the volumes it was seeded with.
 */

/** How much the seed makes of each. */
export interface Volumes {
  items: number;
  orders: number;
  ledger: number;
}

export interface Seed {
  items: number;
  orders: number;
  ledger: number;
  batchId: string;
  itemId: string;
}

/** A JSON answer, read as the benchmark needs it. */
export type Json = ReturnType<typeof JSON.parse>;

export interface Api {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }>;
}

export async function apiOf(served: Served): Promise<Api> {
  const token = await accessToken(served.baseUrl);
  return {
    async call(method, path, body) {
      const response = await fetch(served.baseUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          prefer: 'return=minimal',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/** `count` orders from `callers` concurrent callers. */
export async function createOrders(api: Api, count: number, callers: number): Promise<void> {
  let next = 0;
  const body = { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '25.00' } }] };
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < count) {
        next++;
        const reply = await api.call('POST', '/v2/checkout/orders', body);
        if (reply.status !== 201) throw new Error(`order create answered ${reply.status}`);
      }
    }),
  );
}

export async function must(reply: Promise<{ status: number; body: Json }>, status: number, what: string) {
  const answer = await reply;
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The volumes through the API: a funded payout batch, orders from 50 callers, a generated ledger. */
export async function seed(api: Api, { items, orders, ledger }: Volumes): Promise<Seed> {
  const seedStarted = performance.now();
  let stepStarted = seedStarted;
  // Each part of the seed with its time: at the full volumes the seed takes minutes, and which part does matters.
  const seeded = (what: string) => {
    const now = performance.now();
    console.log(
      `  seed: ${what} in ${((now - stepStarted) / 1000).toFixed(1)} s (${loadavg()[0]?.toFixed(2)} load)`,
    );
    stepStarted = now;
  };
  await must(
    api.call('POST', '/v1/test-helpers/payouts/fund', { amount: { currency: 'USD', value: '9000000.00' } }),
    201,
    'fund',
  );
  const batch = await must(
    api.call('POST', '/v1/payments/payouts', {
      sender_batch_header: { sender_batch_id: `ui-scale-${Date.now()}` },
      items: Array.from({ length: items }, (_, i) => ({
        recipient_type: 'EMAIL',
        amount: { currency: 'USD', value: '1.00' },
        receiver: `payee${i}@example.com`,
      })),
    }),
    201,
    'payout batch',
  );
  const batchId = batch.batch_header.payout_batch_id as string;
  await must(api.call('POST', '/v1/test-helpers/clock', { advance_seconds: 60 }), 200, 'clock');
  const firstItems = await must(
    api.call('GET', `/v1/payments/payouts/${batchId}?page_size=10`),
    200,
    'batch',
  );
  const itemId = firstItems.items[5].payout_item_id as string;
  seeded(`a batch of ${items.toLocaleString('en-US')} payout items and a minute of clock`);
  await createOrders(api, orders, 50);
  seeded(`${orders.toLocaleString('en-US')} orders from 50 callers`);
  await must(
    api.call('POST', '/v1/test-helpers/reporting/generate', { entries: ledger, days: 90, seed: 28 }),
    201,
    'ledger generation',
  );
  seeded(`${ledger.toLocaleString('en-US')} generated ledger entries`);
  console.log(
    `seeded ${items.toLocaleString('en-US')} payout items, ${orders.toLocaleString('en-US')} orders, ${ledger.toLocaleString('en-US')} ledger entries in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  return { items, orders, ledger, batchId, itemId };
}

/** The seed noted in a kept workspace, when it was made with these volumes. */
export function keptSeed(dataDir: string, options: Volumes): Seed | undefined {
  const file = join(dataDir, 'ui-scale-seed.json');
  if (!existsSync(file)) return undefined;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as Seed;
  const same =
    kept.items === options.items && kept.orders === options.orders && kept.ledger === options.ledger;
  if (!same)
    throw new Error(
      `${dataDir} was seeded with --items ${kept.items} --orders ${kept.orders} --ledger ${kept.ledger}: use those or another folder`,
    );
  return kept;
}
