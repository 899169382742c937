import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { accessToken } from './host.js';
import { tabRecordingLongTasks, takeLongTasks } from './long-tasks.js';
import { startServe, stopServe, type Served } from './serve.js';

/**
 * The workbench at the volumes its sandbox makes, driven in Chromium with a long-task observer. Seeded
 * through the API: a payout batch of `--items` (15,000), `--orders` orders (100,000), a generated
 * ledger of `--ledger` entries (1,000,000). Measured, each as time to usable and the longest
 * main-thread task:
 * 1. the transaction view of a payout item, its batch, an order and a ledger transaction id;
 * 2. the whole-search CSV export of the last 31 days (a worker does the work);
 * 3. a burst of 2,000 orders from 50 callers with two tabs open (the longest task of each);
 * 4. a cold load of Orders, then Events, Request log and Mailbox.
 * Targets: lookups and heavy pages usable within 1 s, Orders within 1.5 s, no task over 200 ms.
 */
const TARGET_TASK_MS = 200;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} expects a whole number`);
  return value;
}

/** A JSON answer, read as the benchmark needs it. */
type Json = ReturnType<typeof JSON.parse>;

interface Api {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }>;
}

async function apiOf(served: Served): Promise<Api> {
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
async function createOrders(api: Api, count: number, callers: number): Promise<void> {
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

async function must(reply: Promise<{ status: number; body: Json }>, status: number, what: string) {
  const answer = await reply;
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function openTab(browser: Browser, url: string): Promise<Page> {
  const page = await tabRecordingLongTasks(browser);
  await page.goto(url);
  return page;
}

/** A page is usable when its root is shown and nothing in it still says it is loading. */
async function usable(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (root) => {
      const element = document.querySelector(root);
      // A live count may have role=status too: only a "Loading…" one means the page is still waiting.
      const loading = [...document.querySelectorAll('main [role="status"]')].some((e) =>
        e.textContent?.includes('Loading'),
      );
      return !!element && !loading;
    },
    selector,
    { timeout: 60_000, polling: 10 },
  );
}

interface Figure {
  what: string;
  usableMs: number;
  longestTaskMs: number;
  targetMs: number;
}

/** Navigates to `hash` in an open page and times it to usable. */
async function timed(
  page: Page,
  what: string,
  hash: string,
  selector: string,
  targetMs: number,
): Promise<Figure> {
  await takeLongTasks(page);
  const started = performance.now();
  await page.evaluate((h) => (window.location.hash = h), hash);
  await usable(page, selector);
  const usableMs = performance.now() - started;
  await page.waitForTimeout(300);
  return { what, usableMs, longestTaskMs: Math.max(0, ...(await takeLongTasks(page))), targetMs };
}

export async function main(args: string[]): Promise<number> {
  const items = option(args, '--items', 15_000);
  const orders = option(args, '--orders', 100_000);
  const ledger = option(args, '--ledger', 1_000_000);
  const built = spawnSync(process.execPath, ['scripts/ensure-ui-build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) return 1;
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
  const served = await startServe();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  const figures: Figure[] = [];
  const print = (f: Figure) => {
    figures.push(f);
    console.log(
      `${f.what}: usable in ${f.usableMs.toFixed(0)} ms (target ${f.targetMs}), longest task ${f.longestTaskMs.toFixed(0)} ms (target ${TARGET_TASK_MS})`,
    );
  };
  try {
    const api = await apiOf(served);
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
    // The seed, through the API.
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
    const anOrder = await must(api.call('GET', '/v1/test-helpers/clock'), 200, 'clock');
    void anOrder;
    await must(
      api.call('POST', '/v1/test-helpers/reporting/generate', { entries: ledger, days: 90, seed: 28 }),
      201,
      'ledger generation',
    );
    seeded(`${ledger.toLocaleString('en-US')} generated ledger entries`);
    console.log(
      `seeded ${items.toLocaleString('en-US')} payout items, ${orders.toLocaleString('en-US')} orders, ${ledger.toLocaleString('en-US')} ledger entries in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
    );

    // 4. Cold start: a fresh tab on Orders.
    const url = new URL(served.workbenchUrl);
    url.hash = '#/orders';
    const coldStarted = performance.now();
    const page = await openTab(browser, url.toString());
    // Usable: the heading with its count and the first page of rows drawn (the table exists only with rows).
    await usable(page, '[data-testid="orders-total"]');
    await usable(page, '[data-testid="orders-table"] tbody tr');
    const coldMs = performance.now() - coldStarted;
    await page.waitForTimeout(300);
    print({
      what: 'cold load, Orders',
      usableMs: coldMs,
      longestTaskMs: Math.max(0, ...(await takeLongTasks(page))),
      targetMs: 1500,
    });
    print(await timed(page, 'Events', '#/events', '[data-testid="events-page"]', 1000));
    // The Request log's route is #/log (its nav entry); #/request-log is no page, so nothing ever loaded.
    print(await timed(page, 'Request log', '#/log', '[data-testid="request-log-page"]', 1000));
    print(await timed(page, 'Mailbox', '#/mailbox', '[data-testid="mailbox-page"]', 1000));

    // 1. Lookups.
    const orderId = (await page.evaluate(async () => {
      const rows = await fetch('rpc/listResources', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-workbench-token': sessionStorage.getItem('workbench.token') ?? '',
        },
        body: JSON.stringify({ kind: 'order', page: 500, page_size: 1 }),
      });
      return ((await rows.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
    })) as string;
    const transaction = await must(
      api.call(
        'GET',
        `/v1/reporting/transactions?start_date=${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 19)}Z&end_date=${new Date().toISOString().slice(0, 19)}Z&page_size=1`,
      ),
      200,
      'search',
    );
    const transactionId = transaction.transaction_details?.[0]?.transaction_info?.transaction_id as
      string | undefined;
    for (const [what, id] of [
      ['lookup, payout item', itemId],
      ['lookup, payout batch', batchId],
      ['lookup, order', orderId],
      ...(transactionId ? [['lookup, ledger transaction', transactionId]] : []),
    ] as [string, string][]) {
      await page.evaluate(() => (window.location.hash = '#/orders'));
      await usable(page, '[data-testid="orders-total"]');
      print(
        await timed(
          page,
          what,
          `#/support/${encodeURIComponent(id)}`,
          '[data-testid="support-result"]',
          1000,
        ),
      );
    }

    // 2. The whole-search export of the last 31 days.
    await page.evaluate(() => (window.location.hash = '#/reports'));
    await usable(page, '[data-testid="reports-page"]');
    await page.getByTestId('preset-31').click();
    await page.getByTestId('search-submit').click();
    await page.getByTestId('total-items').waitFor({ timeout: 120_000 });
    const rows = await page.getByTestId('total-items').textContent();
    await takeLongTasks(page);
    const exportStarted = performance.now();
    const download = page.waitForEvent('download', { timeout: 1_800_000 });
    await page.getByTestId('export-csv').click();
    await download;
    print({
      what: `CSV export, ${rows} rows`,
      usableMs: performance.now() - exportStarted,
      longestTaskMs: Math.max(0, ...(await takeLongTasks(page))),
      targetMs: Number.POSITIVE_INFINITY,
    });

    // 3. A burst with two tabs on Orders.
    const second = await openTab(browser, url.toString());
    await usable(second, '[data-testid="orders-total"]');
    await page.evaluate(() => (window.location.hash = '#/orders'));
    await usable(page, '[data-testid="orders-total"]');
    await page.waitForTimeout(500);
    await takeLongTasks(page);
    await takeLongTasks(second);
    const burstStarted = performance.now();
    await createOrders(api, 2_000, 50);
    const burstMs = performance.now() - burstStarted;
    await page.waitForTimeout(1_000);
    for (const [name, tab] of [
      ['tab 1', page],
      ['tab 2', second],
    ] as const) {
      const tasks = await takeLongTasks(tab);
      const notices = await tab.getByTestId('notice').count();
      print({
        what: `burst of 2,000 orders (50 callers), ${name} (${notices} notice)`,
        usableMs: burstMs,
        longestTaskMs: Math.max(0, ...tasks),
        targetMs: Number.POSITIVE_INFINITY,
      });
    }

    const ok = figures.every((f) => f.longestTaskMs <= TARGET_TASK_MS && f.usableMs <= f.targetMs);
    console.log(JSON.stringify({ bench: 'ui-scale', items, orders, ledger, figures, ok }));
    return ok ? 0 : 1;
  } finally {
    await browser.close();
    await stopServe(served);
  }
}
