import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAGES, stageTimes } from './cpu-profile-stages.js';
import { accessToken } from './host.js';
import { clean, describe, drive, parseLoadArgs, type LoadOptions } from './load.js';
import { checkOnce, createRequest } from './orders.js';
import { cpuSeconds, startServe, stopServe, threadCpuSeconds } from './serve.js';

/**
 * `npm run bench -- orders-profile [--duration S] [--connections N]`: order creates against `serve` as
 * `npm run serve` runs it, under `node --cpu-prof`, and where a request's microseconds go: the profile's
 * samples of the measured seconds summed into the pipeline's stages (see cpu-profile-stages.ts). The
 * profile itself is kept in out/profiles/ for Chrome DevTools' Performance panel.
 */
const DEFAULTS: LoadOptions = { connections: 50, durationSec: 10, warmupSec: 2, rounds: 1 };
const BUNDLE = fileURLToPath(new URL('../out/serve/cli.mjs', import.meta.url));
const KEPT = fileURLToPath(new URL('../out/profiles/', import.meta.url));

const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

export async function main(args: string[]): Promise<number> {
  const options = parseLoadArgs(args, DEFAULTS);
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  try {
    const served = await startServe([], ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let window: { fromUs: number; toUs: number };
    let requests: number;
    let serverCpuUs: number | undefined;
    const threadUs = new Map<string, number>();
    try {
      const request = createRequest(served.baseUrl, await accessToken(served.baseUrl));
      await checkOnce(request, 'serve');
      if (options.warmupSec > 0)
        await drive(request, { ...options, durationSec: options.warmupSec, warmupSec: 0 });
      const cpuBefore = cpuSeconds(served.child.pid ?? 0);
      const threadsBefore = threadCpuSeconds(served.child.pid ?? 0);
      const fromUs = monotonicUs();
      const run = await drive(request, { ...options, warmupSec: 0 });
      window = { fromUs, toUs: monotonicUs() };
      const cpuAfter = cpuSeconds(served.child.pid ?? 0);
      for (const [name, seconds] of threadCpuSeconds(served.child.pid ?? 0))
        threadUs.set(name, ((seconds - (threadsBefore.get(name) ?? 0)) * 1e6) / run.requests);
      // The load's own figures, without the CPU column: that one measures this process, not serve.
      console.log(`${describe('serve', run).replace(/ {3}server CPU .*us\/req/, '')}`);
      if (!clean(run)) {
        console.log('ERROR: some measured requests failed; no profile summary');
        return 1;
      }
      requests = run.requests;
      serverCpuUs =
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : ((cpuAfter - cpuBefore) * 1e6) / requests;
    } finally {
      // SIGTERM: serve closes and exits, and Node writes the profile on the way out.
      await stopServe(served);
    }
    // Every thread writes a profile, named CPU.<date>.<time>.<pid>.<thread id>.<n>: the main thread's id is 0.
    const file = readdirSync(dir).find((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name));
    if (!file) throw new Error('serve wrote no .cpuprofile of its main thread');
    mkdirSync(KEPT, { recursive: true });
    const kept = join(KEPT, `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
    copyFileSync(join(dir, file), kept);

    const totals = stageTimes(join(dir, file), BUNDLE, window);
    const sampled = [...totals.values()].reduce((a, b) => a + b, 0);
    // The profiler samples on wall time: on a busy machine a sample also counts the time the process
    // waited for a core. The shares hold; the microseconds are the shares of the CPU time /proc counted.
    // The main thread's CPU is split by the profile's shares; the request log's own thread and V8's helper
    // threads are told apart by /proc (without per-thread figures, the process's CPU is split instead).
    const mainUs = threadUs.get('MainThread') ?? serverCpuUs ?? sampled / requests;
    const logThreadUs = threadUs.get('request-log') ?? 0;
    const totalUs = serverCpuUs ?? mainUs + logThreadUs;
    const restUs = Math.max(0, totalUs - mainUs - logThreadUs);
    console.log(`\nwhere one create's CPU goes (${requests} creates profiled; profile kept in ${kept})`);
    console.log('| stage | µs / request | share |\n|---|---:|---:|');
    const row = (label: string, us: number) =>
      console.log(`| ${label} | ${us.toFixed(1)} | ${((us / totalUs) * 100).toFixed(1)} % |`);
    for (const stage of STAGES) row(stage, ((totals.get(stage) ?? 0) / sampled) * mainUs);
    row('request log, on its own thread', logThreadUs);
    row("V8's helper threads", restUs);
    console.log(`| **total** | **${totalUs.toFixed(1)}** | 100 % |`);
    console.log(
      `(µs: serve's CPU time per create from /proc, the main thread's (${mainUs.toFixed(1)} µs) split by the ` +
        `profile's shares; the profile's own sum is ${(sampled / requests).toFixed(1)} µs of wall time per create)`,
    );
    console.log(
      JSON.stringify({
        bench: 'orders-profile',
        requests,
        profile: kept,
        shares: Object.fromEntries([...totals].map(([s, us]) => [s, us / sampled])),
        profiledUsPerRequest: sampled / requests,
        processCpuUsPerRequest: serverCpuUs,
        threadCpuUsPerRequest: Object.fromEntries(threadUs),
      }),
    );
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
