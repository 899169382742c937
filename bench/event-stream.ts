import { connect, type Socket } from 'node:net';
import { accessToken } from './host.js';
import { UsageError } from './usage-error.js';
import { cpuSeconds, rssMb, startServe, stopServe } from './serve.js';
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

/**
 * The browser bridge's event stream under load: order-create throughput of the
 * headless host with N connected event-stream clients that never read, against the same host with none.
 * Targets: the clients cost under 10% of throughput, and under 100 MB of the host's memory.
 *
 * The host runs as `npm run serve` runs it (the bundle `npm run bench` builds), in a process of its own,
 * so its memory is its own: the idle clients and the load generator live in this process.
 */
const TARGET_RATIO = 0.9;
const TARGET_MEMORY_MB = 100;
const DEFAULT_CLIENTS = 1_000;
const DEFAULTS: LoadOptions = { connections: 50, durationSec: 10, warmupSec: 2, rounds: 3 };
const ORDERS_PATH = '/v2/checkout/orders';
const RSS_SAMPLE_MS = 200;

const ORDER_BODY = JSON.stringify({
  intent: 'CAPTURE',
  purchase_units: [{ reference_id: 'default', amount: { currency_code: 'USD', value: '25.00' } }],
});

/** A page that opens the event stream, reads the response head, and never reads again. */
function idleClient(baseUrl: string, token: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET /__workbench/events?token=${token} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`),
    );
    socket.once('error', reject);
    socket.once('data', (head: Buffer) => {
      socket.pause();
      socket.removeListener('error', reject);
      socket.on('error', () => {});
      if (!head.toString('latin1').startsWith('HTTP/1.1 200'))
        reject(new Error(`event stream: ${head.toString()}`));
      else resolve(socket);
    });
  });
}

/**
 * How many of the idle clients the host closed: once they read again, a dropped one sees its end at once,
 * a kept one only more data.
 */
async function countDropped(sockets: readonly Socket[]): Promise<number> {
  let dropped = 0;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2_000);
          socket.once('close', () => {
            dropped++;
            clearTimeout(timer);
            resolve();
          });
          socket.resume();
        }),
    ),
  );
  return dropped;
}

interface RunSummary extends LoadSummary {
  clients: number;
  droppedClients: number;
  /** Host RSS once it listens and the clients (if any) are connected, before the load. */
  rssStartMb: number;
  rssPeakMb: number;
}

/** One fresh host: `clients` idle streams, a warm-up, then the measured create-order load. */
async function measure(clients: number, options: LoadOptions): Promise<RunSummary> {
  const served = await startServe();
  const pid = served.child.pid ?? 0;
  const sockets: Socket[] = [];
  try {
    const token = await accessToken(served.baseUrl);
    const request: LoadRequest = {
      url: served.baseUrl + ORDERS_PATH,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        prefer: 'return=minimal',
        authorization: `Bearer ${token}`,
      },
      body: ORDER_BODY,
    };
    // In batches, as a thousand tabs would not all connect in the same millisecond.
    for (let i = 0; i < clients; i += 100) {
      const batch = Math.min(100, clients - i);
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => idleClient(served.baseUrl, served.workbenchToken)),
        )),
      );
    }
    const rssStartMb = rssMb(pid);
    let rssPeakMb = rssStartMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), RSS_SAMPLE_MS);
    try {
      if (options.warmupSec > 0)
        await drive(request, { ...options, durationSec: options.warmupSec, warmupSec: 0 });
      const cpuBefore = cpuSeconds(pid);
      const run = await drive(request, { ...options, warmupSec: 0 });
      const cpuAfter = cpuSeconds(pid);
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
      const hostCpuUsPerReq =
        cpuBefore !== undefined && cpuAfter !== undefined
          ? ((cpuAfter - cpuBefore) * 1e6) / Math.max(1, run.requests)
          : run.cpuUsPerReq;
      return {
        ...run,
        // The host's CPU (its whole process): drive() can only see this process's main thread.
        cpuUsPerReq: hostCpuUsPerReq,
        clients,
        droppedClients: await countDropped(sockets),
        rssStartMb,
        rssPeakMb,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    await stopServe(served);
  }
}

function describeRun(label: string, run: RunSummary): string {
  return (
    `${describe(label, run)}\n` +
    `${''.padEnd(10)} host RSS ${run.rssStartMb.toFixed(0)} MB at start, ${run.rssPeakMb.toFixed(0)} MB peak ` +
    `(+${(run.rssPeakMb - run.rssStartMb).toFixed(0)} MB)` +
    (run.clients > 0 ? `; ${run.droppedClients} of ${run.clients} idle clients dropped` : '')
  );
}

/** `--clients N` (default 1000) on top of the load options every benchmark takes. */
function parseArgs(args: string[]): { options: LoadOptions; clients: number } {
  const rest = [...args];
  let clients = DEFAULT_CLIENTS;
  const at = rest.indexOf('--clients');
  if (at >= 0) {
    clients = Number(rest[at + 1]);
    if (!Number.isInteger(clients) || clients < 1)
      throw new UsageError(`--clients expects a whole number above 0, got "${rest[at + 1]}"`);
    rest.splice(at, 2);
  }
  return { options: parseLoadArgs(rest, DEFAULTS), clients };
}

export async function main(args: string[]): Promise<number> {
  const { options, clients } = parseArgs(args);
  const { connections, durationSec, warmupSec, rounds } = options;
  console.log(
    `POST ${ORDERS_PATH} with ${clients} idle event-stream clients vs none: ${connections} connections, ` +
      `${durationSec} s measured after ${warmupSec} s warm-up, ${rounds} round(s) of both runs`,
  );

  const { a: withRuns, b: noneRuns } = await alternate(
    rounds,
    async () => {
      const run = await measure(clients, options);
      console.log(describeRun(`${clients} idle`, run));
      return run;
    },
    async () => {
      const run = await measure(0, options);
      console.log(describeRun('no clients', run));
      return run;
    },
  );

  const rps = (runs: RunSummary[]) => median(runs.map((r) => r.rps));
  const growth = (runs: RunSummary[]) => median(runs.map((r) => r.rssPeakMb - r.rssStartMb));
  const atStart = (runs: RunSummary[]) => median(runs.map((r) => r.rssStartMb));
  const ratio = rps(noneRuns) > 0 ? rps(withRuns) / rps(noneRuns) : 0;
  // The clients' memory: what the host holds for them once connected, plus what it grows more under load.
  const clientMemoryMb =
    atStart(withRuns) - atStart(noneRuns) + Math.max(0, growth(withRuns) - growth(noneRuns));
  const cpu = (runs: RunSummary[]) => median(runs.map((r) => r.cpuUsPerReq));
  const passRatio = ratio >= TARGET_RATIO;
  const passMemory = clientMemoryMb < TARGET_MEMORY_MB;
  const ok = [...withRuns, ...noneRuns].every(clean);

  console.log(
    `median req/s: ${rps(withRuns).toFixed(0)} with ${clients} idle clients, ${rps(noneRuns).toFixed(0)} with none`,
  );
  console.log(
    `ratio with/without ${ratio.toFixed(3)} (medians; target >= ${TARGET_RATIO}): ${passRatio ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `(host CPU per request: ${cpu(withRuns).toFixed(0)} us with clients, ${cpu(noneRuns).toFixed(0)} us without)`,
  );
  console.log(
    `host memory for the clients ${clientMemoryMb.toFixed(1)} MB (RSS at start ${atStart(withRuns).toFixed(0)} vs ` +
      `${atStart(noneRuns).toFixed(0)} MB, growth under load ${growth(withRuns).toFixed(0)} vs ` +
      `${growth(noneRuns).toFixed(0)} MB; target < ${TARGET_MEMORY_MB} MB): ${passMemory ? 'PASS' : 'FAIL'}`,
  );
  if (!ok)
    console.log('ERROR: some measured requests failed or were not 2xx; the numbers above are not valid');
  console.log(
    JSON.stringify({
      bench: 'event-stream',
      clients,
      connections,
      duration_s: durationSec,
      rounds,
      with_clients: withRuns,
      without: noneRuns,
      ratio,
      client_memory_mb: clientMemoryMb,
      target_ratio: TARGET_RATIO,
      target_memory_mb: TARGET_MEMORY_MB,
      pass: passRatio && passMemory,
      ok,
    }),
  );
  // Below target is a finding, not a failure of the run; failed requests are.
  return ok ? 0 : 1;
}
