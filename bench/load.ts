import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { UsageError } from './usage-error.js';

const LOAD_CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));

/** How hard and how long every target of one benchmark is driven. */
export interface LoadOptions {
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Rounds of A-B runs for benchmarks that compare two targets; each reports medians over them. */
  rounds: number;
}

/** The numbers a benchmark reports for one target. */
export interface LoadSummary {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Server (main-thread) CPU per response: unlike req/s, barely moved by other load on the machine. */
  cpuUsPerReq: number;
}

/** One HTTP request, replayed by every connection for the whole run. */
export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

function positive(value: string | undefined, flag: string, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0))
    throw new UsageError(`${flag} expects a positive number, got "${value}"`);
  return n;
}

/**
 * `--duration`, `--connections`, `--warmup` (seconds; 0 skips the warm-up) and `--rounds` for quick or
 * steadier runs.
 */
export function parseLoadArgs(args: string[], defaults: LoadOptions): LoadOptions {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        duration: { type: 'string' },
        connections: { type: 'string' },
        warmup: { type: 'string' },
        rounds: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const connections = positive(values.connections, '--connections', defaults.connections);
  if (!Number.isInteger(connections))
    throw new UsageError(`--connections expects a whole number, got ${connections}`);
  const rounds = positive(values.rounds, '--rounds', defaults.rounds);
  if (!Number.isInteger(rounds)) throw new UsageError(`--rounds expects a whole number, got ${rounds}`);
  return {
    connections,
    rounds,
    durationSec: positive(values.duration, '--duration', defaults.durationSec),
    warmupSec: positive(values.warmup, '--warmup', defaults.warmupSec, true),
  };
}

/** One run of the load client in a process of its own (`load-client.ts`), its result as it reports it. */
async function fire(
  request: LoadRequest,
  connections: number,
  durationSec: number,
): Promise<autocannon.Result> {
  const settings: autocannon.Options = { ...request, connections, duration: durationSec };
  const child = spawn(process.execPath, ['--import', 'tsx', LOAD_CLIENT, JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the load client exited with ${code}`);
  return JSON.parse(output) as autocannon.Result;
}

/**
 * A warm-up run (JIT, caches, pools; its numbers are dropped), then the measured run. The server's CPU
 * is this process's main thread unless `serverCpuSeconds` reads another process's (a server of its own:
 * all its threads, garbage collection included, from /proc).
 */
export async function drive(
  request: LoadRequest,
  options: LoadOptions,
  serverCpuSeconds?: () => number | undefined,
): Promise<LoadSummary> {
  if (options.warmupSec > 0) await fire(request, options.connections, options.warmupSec);
  const cpuBefore = process.threadCpuUsage();
  const serverBefore = serverCpuSeconds?.();
  const result = await fire(request, options.connections, options.durationSec);
  const serverAfter = serverCpuSeconds?.();
  const thread = process.threadCpuUsage(cpuBefore);
  const cpuUs =
    serverBefore !== undefined && serverAfter !== undefined
      ? (serverAfter - serverBefore) * 1e6
      : thread.user + thread.system;
  return {
    // Completed responses over the measured time, not the per-second mean, so a slow tail counts.
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuUsPerReq: cpuUs / Math.max(1, result.requests.total),
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Runs `a` and `b` one after the other (never together: they would share the cores), `rounds` times,
 * alternating A-B, B-A so drift in the machine's load hits both sides alike.
 */
export async function alternate<T>(
  rounds: number,
  a: () => Promise<T>,
  b: () => Promise<T>,
): Promise<{ a: T[]; b: T[] }> {
  const results: { a: T[]; b: T[] } = { a: [], b: [] };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      results.a.push(await a());
      results.b.push(await b());
    } else {
      results.b.push(await b());
      results.a.push(await a());
    }
  }
  return results;
}

/** True when every measured request was answered 2xx. */
export const clean = (s: LoadSummary): boolean => s.non2xx === 0 && s.errors === 0 && s.timeouts === 0;

export function describe(label: string, s: LoadSummary): string {
  const flag = clean(s)
    ? ''
    : `  <-- FAILED: ${s.non2xx} non-2xx, ${s.errors} errors, ${s.timeouts} timeouts`;
  return (
    `${label.padEnd(10)} ${s.rps.toFixed(0).padStart(7)} req/s   p50 ${s.p50Ms.toFixed(0)} ms   ` +
    `p99 ${s.p99Ms.toFixed(0)} ms   server CPU ${s.cpuUsPerReq.toFixed(0)} us/req   (${s.requests} requests)${flag}`
  );
}
