import { SAMPLE_ORDER_CREATE } from '../electron/test-support/fixtures.js';
import { accessToken } from './host.js';
import {
  alternate,
  clean,
  describe,
  drive,
  median,
  parseLoadArgs,
  type LoadOptions,
  type LoadRequest,
  type LoadSummary,
} from './load.js';
import { cpuSeconds, startScript, startServe, stopServe } from './serve.js';

/** Embedded create-order throughput must stay at or above this share of a bare Fastify route. */
const TARGET_RATIO = 0.55;
const DEFAULTS: LoadOptions = { connections: 50, durationSec: 10, warmupSec: 2, rounds: 3 };
const BARE_SERVER = new URL('./bare-orders-server.ts', import.meta.url).href;
const ORDERS_PATH = '/v2/checkout/orders';

const ORDER_BODY = JSON.stringify(SAMPLE_ORDER_CREATE);

export function createRequest(baseUrl: string, token?: string): LoadRequest {
  return {
    url: `${baseUrl}${ORDERS_PATH}`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      prefer: 'return=minimal',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: ORDER_BODY,
  };
}

/** One request before the load, so a broken setup fails loudly instead of as a wall of non-2xx. */
export async function checkOnce(request: LoadRequest, label: string): Promise<void> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const body = (await response.json()) as { id?: unknown; status?: unknown; links?: unknown };
  if (
    response.status !== 201 ||
    typeof body.id !== 'string' ||
    body.status !== 'CREATED' ||
    !Array.isArray(body.links)
  ) {
    throw new Error(
      `${label}: expected 201 {id,status,links}, got ${response.status} ${JSON.stringify(body)}`,
    );
  }
}

/**
 * The real host as `npm run serve` runs it (in memory, its own scheduler and batched request log), in a
 * process of its own: its CPU per create is that process's CPU time from /proc (every thread, garbage
 * collection included) over the measured run's completed creates, apart from the load generator's.
 */
async function measureEmbedded(options: LoadOptions) {
  const served = await startServe();
  try {
    const request = createRequest(served.baseUrl, await accessToken(served.baseUrl));
    await checkOnce(request, 'embedded');
    return await drive(request, options, () => cpuSeconds(served.child.pid ?? 0));
  } finally {
    // SIGTERM: serve stops the scheduler, closes Fastify, flushes the request log and closes the store.
    await stopServe(served);
  }
}

/** The floor: same framework and answer shape, none of the pipeline, validation or persistence. */
async function measureBare(options: LoadOptions) {
  const bare = await startScript(BARE_SERVER);
  try {
    const request = createRequest(bare.baseUrl);
    await checkOnce(request, 'bare');
    return await drive(request, options, () => cpuSeconds(bare.child.pid ?? 0));
  } finally {
    await stopServe(bare);
  }
}

export async function main(args: string[]): Promise<number> {
  const options = parseLoadArgs(args, DEFAULTS);
  const { connections, durationSec, warmupSec, rounds } = options;
  console.log(
    `POST ${ORDERS_PATH}: ${connections} connections, ${durationSec} s measured after ${warmupSec} s warm-up, ` +
      `${rounds} round(s) of both runs`,
  );

  // Each embedded run starts a fresh in-memory host, so every round measures the same workspace size.
  const { a: embeddedRuns, b: bareRuns } = await alternate(
    rounds,
    async () => {
      const run = await measureEmbedded(options);
      console.log(describe('embedded', run));
      return run;
    },
    async () => {
      const run = await measureBare(options);
      console.log(describe('bare', run));
      return run;
    },
  );
  const embedded = medianSummary(embeddedRuns);
  const bare = medianSummary(bareRuns);
  console.log(describe('median emb.', embedded));
  console.log(describe('median bare', bare));

  const ratio = bare.rps > 0 ? embedded.rps / bare.rps : 0;
  const pass = ratio >= TARGET_RATIO;
  const ok = [...embeddedRuns, ...bareRuns].every(clean);
  // Same ratio from server CPU per request: a cross-check when other processes share the machine.
  const cpuRatio = embedded.cpuUsPerReq > 0 ? bare.cpuUsPerReq / embedded.cpuUsPerReq : 0;
  console.log(
    `ratio embedded/bare ${ratio.toFixed(3)} (medians; target >= ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `(by server CPU per request: ${cpuRatio.toFixed(3)}; latencies have autocannon's 1 ms resolution)`,
  );
  if (!ok)
    console.log('ERROR: some measured requests failed or were not 2xx; the numbers above are not valid');
  console.log(
    JSON.stringify({
      bench: 'orders',
      connections,
      duration_s: durationSec,
      rounds,
      embedded: embeddedRuns,
      bare: bareRuns,
      ratio,
      cpu_ratio: cpuRatio,
      target: TARGET_RATIO,
      pass,
      ok,
    }),
  );
  // Below target is a finding, not a failure of the run; failed requests are.
  return ok ? 0 : 1;
}

/** Per-field medians of several runs of one target. */
function medianSummary(runs: readonly LoadSummary[]): LoadSummary {
  const of = (pick: (s: LoadSummary) => number) => median(runs.map(pick));
  return {
    rps: of((s) => s.rps),
    p50Ms: of((s) => s.p50Ms),
    p99Ms: of((s) => s.p99Ms),
    requests: of((s) => s.requests),
    non2xx: runs.reduce((n, s) => n + s.non2xx, 0),
    errors: runs.reduce((n, s) => n + s.errors, 0),
    timeouts: runs.reduce((n, s) => n + s.timeouts, 0),
    cpuUsPerReq: of((s) => s.cpuUsPerReq),
  };
}
