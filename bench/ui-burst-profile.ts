import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/headless-chromium.js';
import { tabRecordingLongTasks, takeLongTasks } from './long-tasks.js';
import { startServe, stopServe } from './serve.js';
import { apiOf, createOrders } from './ui-scale-seed.js';
import { printLongTasks, rendererMainThreads, TRACE_CATEGORIES, type TraceEvent } from './ui-trace-tasks.js';

/**
 * What the ui-scale bench's burst is made of, tab by tab: `npx tsx bench/ui-burst-profile.ts --data-dir
 * DIR [--tabs N] [--over MS] [--depth N] [--trace FILE] [--plain]`. Opens N tabs (2) on Orders of the
 * workspace kept in DIR (or an ephemeral one), then traces the browser (every tab's renderer, with its
 * sampled CPU profile) while 2,000 orders arrive from 50 callers, and prints each tab's main-thread
 * tasks over `--over` ms (50) with what ran in them (see ui-trace-tasks.ts); with `--cpu`, tasks that
 * took that much of the thread's CPU time (on a shared machine a task's length is mostly the time its
 * thread waited for a core). Build with `npx vite build
 * --minify false` first to read the names. `--plain` runs the burst untraced and prints only the long
 * tasks each tab's own observer saw, for A/B runs of a build.
 */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

async function usableOrders(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="orders-table"] tbody tr', { timeout: 60_000 });
}

export async function main(args: string[]): Promise<number> {
  const dataDir = option(args, '--data-dir');
  const tabs = Number(option(args, '--tabs') ?? 2);
  const overMs = Number(option(args, '--over') ?? 50);
  const depth = Number(option(args, '--depth') ?? 25);
  const plain = args.includes('--plain');
  const cpu = args.includes('--cpu');
  if (dataDir && !existsSync(dataDir)) throw new Error(`no workspace in ${dataDir}`);
  const served = await startServe(dataDir ? ['--data-dir', dataDir] : []);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const api = await apiOf(served);
    const url = new URL(served.workbenchUrl);
    url.hash = '#/orders';
    const pages: Page[] = [];
    for (let i = 0; i < tabs; i++) {
      const page = await tabRecordingLongTasks(browser);
      await page.goto(url.toString());
      await usableOrders(page);
      pages.push(page);
    }
    if (!plain) await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
    // The tracing's start is a long task in each tab: the burst's own come after it.
    await pages[0]!.waitForTimeout(1_500);
    for (const page of pages) await takeLongTasks(page);
    const load = loadavg()[0]?.toFixed(2);
    // Each task is placed against this mark in the trace.
    for (const page of pages) await page.evaluate(() => performance.mark('burst-start'));
    const started = performance.now();
    await createOrders(api, 2_000, 50);
    const burstMs = performance.now() - started;
    await pages[0]!.waitForTimeout(2_000);
    const trace = plain
      ? { traceEvents: [] as TraceEvent[] }
      : (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] });
    console.log(
      `burst of 2,000 orders in ${burstMs.toFixed(0)} ms (load ${load} / ${loadavg()[0]?.toFixed(2)})`,
    );
    for (const [i, page] of pages.entries()) {
      const tasks = await takeLongTasks(page);
      console.log(
        `tab ${i + 1}: longest task ${Math.max(0, ...tasks).toFixed(0)} ms; long tasks ${tasks.map((t) => t.toFixed(0)).join(' ')}`,
      );
    }
    if (option(args, '--trace')) writeFileSync(option(args, '--trace')!, JSON.stringify(trace));
    for (const [i, thread] of rendererMainThreads(trace.traceEvents).entries()) {
      console.log(`\nrenderer ${i + 1} (pid ${thread.pid}):`);
      printLongTasks(trace.traceEvents, thread, { overMs, depth, label: `r${i + 1} `, cpu });
    }
    return 0;
  } finally {
    await browser.close();
    await stopServe(served);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
