import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import { YOUNG_RELEASE_BYTES, youngGenerationBytes } from '../electron/host/idle-heap-release.js';
import { accessToken, BENCH_CREDENTIALS, loadHost } from './host.js';
import { clean, describe, drive, median, type LoadOptions, type LoadRequest } from './load.js';

/**
 * `npm run bench -- payouts [--items N] [--batches N] [--duration S]`: 15,000-item payout batches against
 * the real host (in memory, as `serve --ephemeral` runs), each figure beside its target:
 *
 * - create latency of `--batches` batches (median; target under 1.5 s);
 * - processing rate: items made final per second, from the create's answer until every item is final
 *   (target at least 10,000 items/s);
 * - a 1,000-item page read (median of 10; target under 50 ms);
 * - order-create throughput while a batch processes, against the same run without one (target >= 0.7);
 * - the host's memory growth over the whole run, and what it is made of: the database's pages, V8's young
 *   generation, the rest of V8's heap, and what is left (SQLite's and the allocator's own, buffers);
 *   right after the last batch, and again once the host is idle and has given back the young generation
 *   the batches grew (both printed: the first is the peak, the second what the batches keep).
 *
 * Each quiet batch also prints the process's CPU time per item (main thread and V8's helper threads; the
 * load's client is idle then): on a shared machine the wall-clock rate moves with the load, the CPU an
 * item takes much less.
 */
const CREDENTIALS = BENCH_CREDENTIALS;
const PAYOUTS = '/v1/payments/payouts';
const TARGETS = { createMs: 1500, itemsPerSecond: 10_000, pageReadMs: 50, throughputShare: 0.7 };
/** Memory growth of an in-memory workspace: at most 400 MiB for 135,000 items, so much an item. */
const GROWTH_KIB_PER_ITEM = (400 * 1024) / 135_000;
const LOAD: LoadOptions = { connections: 20, durationSec: 5, warmupSec: 1, rounds: 1 };

/** Receivers that make every outcome happen: sandbox accounts (SUCCESS) and unknown e-mails (UNCLAIMED). */
const RECEIVERS = [
  'buyer@example.com',
  'charity@example.com',
  'unknown-1@example.net',
  'unknown-2@example.net',
];

function batchBody(items: number, senderBatchId: string): string {
  return JSON.stringify({
    sender_batch_header: {
      sender_batch_id: senderBatchId,
      email_subject: 'You have a payout',
      email_message: 'Benchmark payout',
    },
    items: Array.from({ length: items }, (_, i) => ({
      recipient_type: 'EMAIL',
      amount: { currency: 'USD', value: '1.00' },
      receiver: RECEIVERS[i % RECEIVERS.length],
      note: 'Thanks',
      sender_item_id: `item-${i}`,
    })),
  });
}

async function call(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body } : {}),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, ms };
}

const FINAL = new Set(['SUCCESS', 'DENIED', 'CANCELED']);

async function isProcessing(baseUrl: string, token: string, batchId: string): Promise<boolean> {
  const reply = await call(baseUrl, token, 'GET', `${PAYOUTS}/${batchId}?page_size=1`);
  const status = (reply.body.batch_header as { batch_status?: string } | undefined)?.batch_status;
  return status !== undefined && !FINAL.has(status);
}

/** Waits until the batch is final; resolves with the time it was first seen final. */
async function untilFinal(baseUrl: string, token: string, batchId: string): Promise<number> {
  for (;;) {
    const reply = await call(baseUrl, token, 'GET', `${PAYOUTS}/${batchId}?page_size=1`);
    const status = (reply.body.batch_header as { batch_status?: string } | undefined)?.batch_status;
    if (status && FINAL.has(status)) return performance.now();
    if (reply.status !== 200)
      throw new Error(`batch read failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Enough balance for every batch plus its fees (a bank deposit through the sandbox helper). */
async function fund(baseUrl: string, token: string, items: number): Promise<void> {
  const value = (items * 2 + 1000).toFixed(2);
  const reply = await call(
    baseUrl,
    token,
    'POST',
    '/v1/test-helpers/payouts/fund',
    JSON.stringify({ amount: { currency: 'USD', value } }),
  );
  if (reply.status !== 201) throw new Error(`funding failed: ${reply.status} ${JSON.stringify(reply.body)}`);
}

function ordersRequest(baseUrl: string, token: string): LoadRequest {
  return {
    url: `${baseUrl}/v2/checkout/orders`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '10.00' } }],
    }),
  };
}

/** How long the benchmark waits at most for the idle host to give its young generation back. */
const IDLE_WAIT_MS = 15_000;

const signed = (mib: number) => `${mib >= 0 ? '+' : ''}${mib.toFixed(0)}`;

/** V8's heap by space: committed bytes of the young generation and of the rest. */
function heapSpaces(): { young: number; rest: number } {
  let young = 0;
  let rest = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
      young += space.space_size;
    else rest += space.space_size;
  }
  return { young, rest };
}

/** What the memory growth is made of: the database's pages, and V8's heap grown since `before`. */
function memoryParts(
  db: { prepare(sql: string): { get(): unknown } },
  before: { young: number; rest: number },
): { databaseMiB: number; youngMiB: number; oldMiB: number } {
  const pragma = (name: string) =>
    Number((db.prepare(`PRAGMA ${name}`).get() as Record<string, number>)[name]);
  const after = heapSpaces();
  const mib = (bytes: number) => bytes / 1024 / 1024;
  return {
    databaseMiB: mib(pragma('page_count') * pragma('page_size')),
    youngMiB: mib(after.young - before.young),
    oldMiB: mib(after.rest - before.rest),
  };
}

export async function main(args: string[]): Promise<number> {
  let items = 15_000;
  let batches = 5;
  let durationSec = LOAD.durationSec;
  let disk: boolean;
  try {
    const { values } = parseArgs({
      args,
      options: {
        items: { type: 'string' },
        batches: { type: 'string' },
        duration: { type: 'string' },
        disk: { type: 'boolean' },
      },
      strict: true,
    });
    disk = values.disk ?? false;
    items = values.items ? Number(values.items) : items;
    batches = values.batches ? Number(values.batches) : batches;
    durationSec = values.duration ? Number(values.duration) : durationSec;
    if (![items, batches, durationSec].every((n) => Number.isInteger(n) && n > 0) || items > 15_000)
      throw new Error('--items (1..15000), --batches and --duration take whole positive numbers');
  } catch (error) {
    process.stderr.write(`bench payouts: ${(error as Error).message}\n`);
    return 2;
  }
  const load = { ...LOAD, durationSec };
  const { createHost } = await loadHost();
  const dir = disk ? mkdtempSync(join(tmpdir(), 'bench-payouts-')) : undefined;
  const host = createHost({
    location: dir ? { kind: 'dir', dir } : { kind: 'memory' },
    credentials: CREDENTIALS,
    listener: false,
  });
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = heapSpaces();
  try {
    const baseUrl = await host.listen('127.0.0.1', 0);
    const token = await accessToken(baseUrl);
    // The measured batches, and the ones queued under order load (a handful at these rates).
    await fund(baseUrl, token, items * (batches + 10));
    console.log(
      `payouts: ${batches} batch(es) of ${items} items; order load ${load.connections} connections, ${durationSec} s; ` +
        `workspace ${dir ? 'on disk' : 'in memory'}`,
    );

    const quiet = await drive(ordersRequest(baseUrl, token), load);
    console.log(describe('orders', quiet));

    const create = async (label: string) => {
      const created = await call(
        baseUrl,
        token,
        'POST',
        PAYOUTS,
        batchBody(items, `bench-${label}-${Date.now()}`),
      );
      const batchId = (created.body.batch_header as { payout_batch_id?: string } | undefined)
        ?.payout_batch_id;
      if (created.status !== 201 || !batchId)
        throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body).slice(0, 500)}`);
      return { batchId, ms: created.ms, answered: performance.now() };
    };

    // Create latency and processing rate, one batch at a time on a quiet API.
    const createMs: number[] = [];
    const rates: number[] = [];
    const cpuPerItem: number[] = [];
    let lastBatch = '';
    for (let round = 0; round < batches; round++) {
      const { batchId, ms, answered } = await create(`quiet-${round}`);
      const cpu = process.cpuUsage();
      const final = await untilFinal(baseUrl, token, batchId);
      const used = process.cpuUsage(cpu);
      createMs.push(ms);
      rates.push(items / ((final - answered) / 1000));
      cpuPerItem.push((used.user + used.system) / items);
      lastBatch = batchId;
      console.log(
        `batch ${round + 1}: create ${ms.toFixed(0)} ms, final after ${(final - answered).toFixed(0)} ms` +
          ` (${rates.at(-1)?.toFixed(0)} items/s; CPU ${cpuPerItem.at(-1)?.toFixed(1)} us an item)`,
      );
    }

    // Order creates while batches process: enough batches queued that processing outlasts the load
    // (checked below), so every measured second shares the loop with payouts.
    const queued: string[] = [];
    const perSecond = median(rates);
    const needed = Math.min(
      10,
      Math.max(1, Math.ceil(((durationSec + load.warmupSec) * perSecond * 1.5) / items)),
    );
    for (let i = 0; i < needed; i++) queued.push((await create(`load-${i}`)).batchId);
    const during = await drive(ordersRequest(baseUrl, token), { ...load, warmupSec: 0 });
    const stillProcessing = await isProcessing(baseUrl, token, queued.at(-1) ?? '');
    console.log(
      `${describe('orders+pay', during)}${stillProcessing ? '' : '  (processing ended before the load: share overstated)'}`,
    );
    for (const batchId of queued) await untilFinal(baseUrl, token, batchId);

    const pageMs: number[] = [];
    // Every page of the batch in turn (a smaller batch than 10,000 items has fewer than 10).
    const pages = Math.ceil(items / 1000);
    for (let i = 0; i < 10; i++) {
      const number = 1 + (i % pages);
      const page = await call(
        baseUrl,
        token,
        'GET',
        `${PAYOUTS}/${lastBatch}?page=${number}&page_size=1000&total_required=true`,
      );
      const expected = Math.min(1000, items - (number - 1) * 1000);
      if (page.status !== 200 || (page.body.items as unknown[] | undefined)?.length !== expected)
        throw new Error(`page read failed: ${page.status}`);
      pageMs.push(page.ms);
    }
    const rate = median(rates);
    const share = quiet.rps > 0 ? during.rps / quiet.rps : 0;
    const rssGrowthMiB = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    const memory = memoryParts(host.deps.store.db.db, heapBefore);
    const stored = (batches + queued.length) * items;
    const perItemKiB = (rssGrowthMiB * 1024) / stored;
    // The same once the host is idle: it gives back the young generation the batches grew a few seconds
    // after its event loop goes quiet (idle-heap-release.ts). What stays is what every batch costs.
    const idleStarted = performance.now();
    while (youngGenerationBytes() >= YOUNG_RELEASE_BYTES && performance.now() - idleStarted < IDLE_WAIT_MS)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleGrowthMiB = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    const idleMemory = memoryParts(host.deps.store.db.db, heapBefore);
    const idlePerItemKiB = (idleGrowthMiB * 1024) / stored;
    const results = {
      createMs: median(createMs),
      itemsPerSecond: rate,
      pageReadMs: median(pageMs),
      throughputShare: share,
    };
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(
      `create (median of ${batches}) ${results.createMs.toFixed(0)} ms, target < ${TARGETS.createMs}: ${verdict(results.createMs < TARGETS.createMs)}`,
    );
    console.log(
      `processing ${rate.toFixed(0)} items/s (CPU ${median(cpuPerItem).toFixed(1)} us an item, median), target >= ${TARGETS.itemsPerSecond}: ${verdict(rate >= TARGETS.itemsPerSecond)}`,
    );
    console.log(
      `1,000-item page ${results.pageReadMs.toFixed(1)} ms, target < ${TARGETS.pageReadMs}: ${verdict(results.pageReadMs < TARGETS.pageReadMs)}`,
    );
    console.log(
      `order throughput during processing ${share.toFixed(2)} of without, target >= ${TARGETS.throughputShare}: ${verdict(share >= TARGETS.throughputShare)}`,
    );
    const growthLine = (label: string, growthMiB: number, kib: number, parts: typeof memory) => {
      console.log(
        `host memory growth ${label}: ${growthMiB.toFixed(0)} MiB (RSS, ${stored} items stored: ${kib.toFixed(2)} KiB an item), ` +
          `target <= ${GROWTH_KIB_PER_ITEM.toFixed(2)} KiB (400 MiB for 135,000) in memory: ${dir ? 'not judged on disk' : verdict(kib <= GROWTH_KIB_PER_ITEM)}`,
      );
      console.log(
        `  of it: database pages ${parts.databaseMiB.toFixed(0)} MiB${dir ? ' (in the file, not the process)' : ''}, ` +
          `V8 young generation ${signed(parts.youngMiB)} MiB, rest of V8's heap ${signed(parts.oldMiB)} MiB, ` +
          `other ${(growthMiB - (dir ? 0 : parts.databaseMiB) - parts.youngMiB - parts.oldMiB).toFixed(0)} MiB`,
      );
    };
    growthLine('right after the batches', rssGrowthMiB, perItemKiB, memory);
    growthLine(
      `once the host is idle (${idleSeconds.toFixed(1)} s later${youngGenerationBytes() >= YOUNG_RELEASE_BYTES ? ', young generation not given back' : ''})`,
      idleGrowthMiB,
      idlePerItemKiB,
      idleMemory,
    );
    const ok = clean(quiet) && clean(during) && stillProcessing;
    console.log(
      JSON.stringify({
        bench: 'payouts',
        items,
        batches,
        workspace: dir ? 'disk' : 'memory',
        ...results,
        cpuUsPerItem: median(cpuPerItem),
        rssGrowthMiB,
        memory,
        idleGrowthMiB,
        idleMemory,
        targets: TARGETS,
        ok,
      }),
    );
    return ok ? 0 : 1;
  } finally {
    await host.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
