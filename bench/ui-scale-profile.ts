import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { accessToken } from './host.js';
import { startServe, stopServe } from './serve.js';
import { printLongTasks, rendererMainThreads, TRACE_CATEGORIES, type TraceEvent } from './ui-trace-tasks.js';

/**
 * What the cold load of Orders is made of, for the ui-scale bench's first figure: `npx tsx
 * bench/ui-scale-profile.ts [--orders N] [--rounds N] [--depth N] [--trace FILE]`. Seeds N orders (200),
 * then loads the workbench in a fresh Chromium context per round (round 0 only warms the HTTP cache) with
 * a performance trace and its sampled CPU profile, and prints every main-thread task over 50 ms: the
 * functions that ran longest in it (self time), the components and app code under them (total time),
 * and the trace's own events (module evaluation, layout, paint, GC). Names are the built bundle's: build
 * with `npx vite build --minify false` first to read them. `--trace FILE` keeps each round's raw trace
 * for DevTools; `--plain` measures without the trace (whose recording slows the page), printing only
 * the time to usable and the long tasks the page's own observer saw. `--data-dir DIR` loads the
 * workspace the ui-scale bench kept there (its default volumes: 100,000 orders) instead of seeding one.
 * `--page HASH` (e.g. `#/log`) traces, after an untraced load of Orders, the move to that page instead.
 */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

export async function main(args: string[]): Promise<number> {
  const orders = Number(option(args, '--orders') ?? 200);
  const rounds = Number(option(args, '--rounds') ?? 3);
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
  const dataDir = option(args, '--data-dir');
  const served = await startServe(dataDir ? ['--data-dir', dataDir] : []);
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const token = await accessToken(served.baseUrl);
    const body = JSON.stringify({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '25.00' } }],
    });
    let next = dataDir ? orders : 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next++ < orders) {
          await fetch(`${served.baseUrl}/v2/checkout/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              prefer: 'return=minimal',
            },
            body,
          });
        }
      }),
    );
    const url = new URL(served.workbenchUrl);
    url.hash = '#/orders';
    // A first visit fills the HTTP cache, as a workbench opened before has it.
    for (let round = 0; round <= rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const holder = window as unknown as { __longTasks: { start: number; duration: number }[] };
        holder.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            holder.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const plain = args.includes('--plain');
      const target = option(args, '--page');
      if (target) {
        await page.goto(url.toString());
        await page.waitForSelector('[data-testid="orders-table"] tbody tr', { timeout: 60_000 });
        await page.waitForTimeout(1500);
        await page.evaluate(() => {
          (window as unknown as { __longTasks: unknown[] }).__longTasks = [];
          performance.clearResourceTimings();
        });
      }
      if (!plain)
        await browser.startTracing(page, {
          categories: TRACE_CATEGORIES,
        });
      const started = performance.now();
      if (target) {
        await page.evaluate((hash) => (window.location.hash = hash), target);
        await page.waitForSelector('main table:not([data-testid="orders-table"]) tbody tr', {
          timeout: 60_000,
        });
      } else {
        await page.goto(url.toString());
        await page.waitForSelector('[data-testid="orders-table"] tbody tr', { timeout: 60_000 });
      }
      const usableMs = performance.now() - started;
      await page.waitForTimeout(1500);
      const trace = plain
        ? { traceEvents: [] }
        : (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] });
      const phases = await page.evaluate(() => {
        const scripts = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js')) as PerformanceResourceTiming[];
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        // Each call to the host before usable: when it was sent and when its answer was in.
        const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.name.includes('/rpc/'))
          .map(
            (e) =>
              `${e.name.replace(/^.*\/rpc\//, '')} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`,
          );
        return {
          calls,
          scripts: scripts.length,
          scriptsLoaded: Math.max(0, ...scripts.map((e) => e.responseEnd)),
          domContentLoaded: navigation.domContentLoadedEventEnd,
          firstContentfulPaint: paint?.startTime ?? NaN,
        };
      });
      const observed = await page.evaluate(
        () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
      );
      if (option(args, '--trace'))
        writeFileSync(`${option(args, '--trace')}.${round}.json`, JSON.stringify(trace));
      await context.close();
      if (round === 0) continue;
      console.log(
        `\nround ${round}: usable ${usableMs.toFixed(0)} ms, long tasks ${observed.map((t) => `${t.duration.toFixed(0)}@${t.start.toFixed(0)}`).join(' ')} (load ${loadavg()[0]?.toFixed(2)})\n  ${phases.scripts} scripts loaded by ${phases.scriptsLoaded.toFixed(0)} ms, DOMContentLoaded ${phases.domContentLoaded.toFixed(0)} ms, first contentful paint ${phases.firstContentfulPaint.toFixed(0)} ms\n  calls: ${phases.calls.join(', ')}`,
      );
      if (plain) continue;
      const [main] = rendererMainThreads(trace.traceEvents);
      if (main) printLongTasks(trace.traceEvents, main, { depth: Number(option(args, '--depth') ?? 25) });
    }
    return 0;
  } finally {
    await browser.close();
    await stopServe(served);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
