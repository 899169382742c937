import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { accessToken, BENCH_CREDENTIALS, loadHost } from './host.js';

/**
 * Clock moves with many due jobs: N orders are approved (each sets a 3-day
 * approval-reversal job), then one `POST /v1/test-helpers/clock` moves the clock 4 days and runs all N
 * jobs. Targets: 500 due jobs in under 1 s, 50,000 in under 10 s. The baseline of the run is the same move
 * with no job due, and each size reports its jobs per second.
 */
const TARGETS: Record<number, number> = { 500: 1_000, 50_000: 10_000 };
const DEFAULT_SIZES = [500, 50_000];
const CONCURRENCY = 20;
const DAY_SECONDS = 86_400;

interface Call {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Call> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** `count` approved orders, created and approved through the API by parallel callers. */
export async function approvedOrders(baseUrl: string, token: string, count: number): Promise<void> {
  let next = 0;
  const caller = async () => {
    while (next < count) {
      next++;
      const created = await call(baseUrl, token, 'POST', '/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '10.00' } }],
      });
      const id = created.body.id;
      if (created.status !== 201 || typeof id !== 'string')
        throw new Error(`create answered ${created.status}`);
      const approved = await call(
        baseUrl,
        token,
        'POST',
        `/v1/test-helpers/checkout/orders/${id}/approve`,
        {},
      );
      if (approved.status !== 200) throw new Error(`approve answered ${approved.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
}

/** One clock move of `days`; its wall time and the jobs it ran. */
export async function move(
  baseUrl: string,
  token: string,
  days: number,
): Promise<{ ms: number; jobs: number }> {
  const started = performance.now();
  const reply = await call(baseUrl, token, 'POST', '/v1/test-helpers/clock', {
    advance_seconds: days * DAY_SECONDS,
  });
  const ms = performance.now() - started;
  if (reply.status !== 200)
    throw new Error(`clock move answered ${reply.status} ${JSON.stringify(reply.body)}`);
  return { ms, jobs: Number(reply.body.jobs_run) };
}

export async function main(args: string[]): Promise<number> {
  let sizes = DEFAULT_SIZES;
  try {
    const { values } = parseArgs({ args, options: { jobs: { type: 'string' } }, strict: true });
    if (values.jobs) sizes = values.jobs.split(',').map(Number);
    if (!sizes.every((n) => Number.isInteger(n) && n > 0))
      throw new Error('--jobs takes whole numbers, e.g. 500,50000');
  } catch (error) {
    process.stderr.write(`bench clock: ${(error as Error).message}\n`);
    return 2;
  }
  const { createHost } = await loadHost();
  let ok = true;
  const results: Record<string, unknown>[] = [];
  for (const size of sizes) {
    // A fresh workspace per size (on disk, with the local listener and its `*` subscription, as `serve`
    // runs): the move of one size never carries the jobs of another.
    const dir = mkdtempSync(join(tmpdir(), 'bench-clock-'));
    const host = createHost({
      location: { kind: 'dir', dir },
      credentials: BENCH_CREDENTIALS,
      listener: { host: '127.0.0.1', port: 0 },
    });
    try {
      const baseUrl = await host.listen('127.0.0.1', 0);
      const token = await accessToken(baseUrl);
      await approvedOrders(baseUrl, token, size);
      const idle = await move(baseUrl, token, 0);
      const moved = await move(baseUrl, token, 4);
      if (moved.jobs < size) throw new Error(`the move ran ${moved.jobs} jobs, expected at least ${size}`);
      const target = TARGETS[size];
      const pass = target === undefined || moved.ms < target;
      ok &&= pass;
      console.log(
        `${size.toLocaleString('en-US')} due jobs: ${moved.ms.toFixed(0)} ms (${((moved.jobs / moved.ms) * 1000).toFixed(0)} jobs/s; ` +
          `${moved.jobs} ran; a move with none due ${idle.ms.toFixed(1)} ms)` +
          (target === undefined ? '' : `, target < ${target} ms: ${pass ? 'PASS' : 'FAIL'}`),
      );
      results.push({
        jobs: size,
        moveMs: moved.ms,
        jobsRun: moved.jobs,
        idleMoveMs: idle.ms,
        targetMs: target,
      });
    } finally {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(JSON.stringify({ bench: 'clock', results, ok }));
  return ok ? 0 : 1;
}
