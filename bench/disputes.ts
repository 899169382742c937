import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Host } from '../electron/host/create-host.js';
import { apiClient } from './api-client.js';
import { accessToken, BENCH_CREDENTIALS, loadHost } from './host.js';
import { parseScaleOptions } from './scale-options.js';

/**
 * `npm run bench -- disputes`: `GET /v1/customer/disputes` pages (page_size=50) over a workspace of
 * 100,000 disputes and one of 1,000, in one run: filtered by state, by state and transaction, and deep
 * pages through `next_page_token`. Every page must answer in under 50 ms (median over HTTP), and the
 * large workspace's pages at most 3x the small one's: the list costs by the page, not by the table.
 *
 * The disputes are real ones (orders captured and disputed through the API, one per capture) copied to
 * the requested count straight into the store, each copy in a state of the machine over 90 days.
 */
const TARGET_MS = 50;
const TARGET_RATIO = 3;
const CAPTURES = 100;
const DAY_MS = 86_400_000;

interface Workspace {
  host: Host;
  dir: string;
  baseUrl: string;
  token: string;
  captures: string[];
  disputes: number;
  fillMs: number;
}

/** A workspace on disk with `count` disputes over CAPTURES captures, closed and opened again before measuring. */
async function workspace(count: number): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-disputes-'));
  const { createHost } = await loadHost();
  const writer = createHost({
    location: { kind: 'dir', dir },
    credentials: BENCH_CREDENTIALS,
    listener: false,
  });
  const writerUrl = await writer.listen('127.0.0.1', 0);
  // A request id on every write, as an integration retrying safely sends.
  const api = apiClient(writerUrl, await accessToken(writerUrl), {}, () => ({
    'svc-request-id': crypto.randomUUID(),
  }));
  const captures: string[] = [];
  const seeds: string[] = [];
  for (let i = 0; i < CAPTURES; i++) {
    const order = await api.ok('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '500.00' } }],
      payment_source: { card: { number: '4111111111111111', expiry: '2030-12' } },
    });
    const captured = await api.ok('POST', `/v2/checkout/orders/${String(order.id)}/capture`, {});
    const units = captured.purchase_units as { payments: { captures: { id: string }[] } }[];
    const captureId = units[0]?.payments.captures[0]?.id ?? '';
    captures.push(captureId);
    const dispute = await api.ok('POST', '/v1/test-helpers/disputes', {
      disputed_transaction_id: captureId,
      amount: { currency_code: 'USD', value: '1.00' },
    });
    seeds.push(String(dispute.dispute_id));
  }
  const store = writer.deps.store;
  const states = Object.keys((await import('../shared/api/disputes/machines.js')).DISPUTE_STATE_FACTS);
  const now = writer.deps.clock.now();
  const started = performance.now();
  store.transaction(() => {
    for (let n = CAPTURES; n < count; n++) {
      const seed = store.resources.get<Record<string, unknown>, Record<string, unknown>>(
        'dispute',
        seeds[n % CAPTURES] ?? '',
      );
      if (!seed) throw new Error('seed dispute missing');
      const id = `PP-D-B${String(n).padStart(12, '0')}`;
      const at = new Date(now - Math.floor((((n * 7919) % 90_000) * DAY_MS) / 1000))
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
      store.resources.insert(
        {
          ...seed,
          id,
          status: states[(n * 31) % states.length] ?? 'RESOLVED',
          create_time: at,
          update_time: at,
          body: { ...seed.body, dispute_id: id, create_time: at, update_time: at },
        },
        'open',
      );
    }
  });
  const fillMs = performance.now() - started;
  await writer.close();
  const host = createHost({
    location: { kind: 'dir', dir },
    credentials: BENCH_CREDENTIALS,
    listener: false,
  });
  const baseUrl = await host.listen('127.0.0.1', 0);
  return { host, dir, baseUrl, token: await accessToken(baseUrl), captures, disputes: count, fillMs };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One list page over HTTP: its time, its size, and the next page's path. */
async function page(ws: Workspace, path: string) {
  const api = apiClient(ws.baseUrl, ws.token);
  const started = performance.now();
  const body = await api.ok('GET', path);
  const ms = performance.now() - started;
  const next = (body.links as { rel: string; href: string }[]).find((l) => l.rel === 'next');
  return {
    ms,
    items: (body.items as unknown[]).length,
    next: next ? new URL(next.href).pathname + new URL(next.href).search : undefined,
  };
}

/** The queries measured: first pages by state, by state and transaction, and the 20th page by state. */
function queries(ws: Workspace): { label: string; path: () => Promise<string> }[] {
  const list = '/v1/customer/disputes?page_size=50';
  const deep = async (filter: string) => {
    let path = `${list}&${filter}`;
    for (let i = 0; i < 19; i++) {
      const next = (await page(ws, path)).next;
      if (!next) break;
      path = next;
    }
    return path;
  };
  const capture = ws.captures[ws.captures.length >> 1] ?? '';
  return [
    { label: 'state REQUIRED_ACTION', path: async () => `${list}&dispute_state=REQUIRED_ACTION` },
    { label: 'state APPEALABLE,RESOLVED', path: async () => `${list}&dispute_state=APPEALABLE,RESOLVED` },
    {
      label: 'state + transaction',
      path: async () => `${list}&dispute_state=REQUIRED_ACTION&disputed_transaction_id=${capture}`,
    },
    { label: 'transaction only', path: async () => `${list}&disputed_transaction_id=${capture}` },
    { label: '20th page, REQUIRED_ACTION', path: () => deep('dispute_state=REQUIRED_ACTION') },
  ];
}

async function close(ws: Workspace): Promise<void> {
  await ws.host.close();
  rmSync(ws.dir, { recursive: true, force: true });
}

export async function main(args: string[]): Promise<number> {
  const opts = parseScaleOptions(args, { small: 1_000, large: 100_000, requests: 20 }, CAPTURES);
  const workspaces: Workspace[] = [];
  try {
    for (const size of [opts.small, opts.large]) {
      const ws = await workspace(size);
      workspaces.push(ws);
      console.log(
        `workspace of ${size.toLocaleString('en-US')} disputes over ${CAPTURES} captures (copies written in ${(ws.fillMs / 1000).toFixed(1)} s)`,
      );
    }
    const [small, large] = workspaces as [Workspace, Workspace];
    const smallQueries = queries(small);
    const largeQueries = queries(large);
    let pass = true;
    const results: Record<string, unknown>[] = [];
    for (let q = 0; q < smallQueries.length; q++) {
      const label = smallQueries[q]?.label ?? '';
      const paths = [await smallQueries[q]!.path(), await largeQueries[q]!.path()];
      const times: [number[], number[]] = [[], []];
      const sizes = [0, 0];
      for (let i = 0; i < 5; i++) for (const side of [0, 1]) await page(workspaces[side]!, paths[side]!);
      for (let i = 0; i < opts.requests; i++)
        for (const side of [0, 1]) {
          const result = await page(workspaces[side]!, paths[side]!);
          times[side]!.push(result.ms);
          sizes[side] = result.items;
        }
      const [s, l] = [median(times[0]), median(times[1])];
      const ratio = s > 0 ? l / s : Infinity;
      const ok = l < TARGET_MS && ratio <= TARGET_RATIO;
      if (!ok) pass = false;
      console.log(
        `${label.padEnd(28)} ${opts.small.toLocaleString('en-US').padStart(7)}: ${s.toFixed(2).padStart(6)} ms (${sizes[0]} items)   ` +
          `${opts.large.toLocaleString('en-US').padStart(7)}: ${l.toFixed(2).padStart(6)} ms (${sizes[1]} items)   ratio ${ratio.toFixed(2)}: ${ok ? 'PASS' : 'FAIL'}`,
      );
      results.push({ query: label, small_ms: s, large_ms: l, ratio, items: sizes[1], pass: ok });
    }
    console.log(
      `overall: ${pass ? 'PASS' : 'FAIL'} (every page under ${TARGET_MS} ms, at most ${TARGET_RATIO}x the small workspace)`,
    );
    console.log(JSON.stringify({ bench: 'disputes', small: opts.small, large: opts.large, results, pass }));
    return pass ? 0 : 1;
  } finally {
    for (const ws of workspaces) await close(ws);
  }
}
