/**
 * `npm run bench -- <name> [options]`: runs one benchmark module. Each module exports `main(args)` and
 * resolves to the process exit code; add `webhooks` or `reporting` by adding a file and a line below.
 */
import { tuneHeapForServing } from '../electron/host/heap-tuning.js';
import { loadLine } from './machine-load.js';
import { UsageError } from './usage-error.js';

export type BenchMain = (args: string[]) => Promise<number>;

// Lazy imports: a benchmark only loads (and starts) what it measures.
const BENCHMARKS: Record<string, () => Promise<{ main: BenchMain }>> = {
  orders: () => import('./orders.js'),
  'orders-profile': () => import('./orders-profile.js'),
  webhooks: () => import('./webhooks.js'),
  reporting: () => import('./reporting.js'),
  payouts: () => import('./payouts.js'),
  billing: () => import('./billing.js'),
  'event-stream': () => import('./event-stream.js'),
  'ui-burst': () => import('./ui-burst.js'),
  'ui-scale': () => import('./ui-scale.js'),
  clock: () => import('./clock.js'),
  'clock-profile': () => import('./clock-profile.js'),
  disputes: () => import('./disputes.js'),
  openapi: () => import('./openapi.js'),
};

const [name, ...rest] = process.argv.slice(2);
const load = name === undefined ? undefined : BENCHMARKS[name];
if (!load) {
  const available = Object.keys(BENCHMARKS).join(', ');
  process.stderr.write(
    `bench: ${name === undefined ? 'no benchmark given' : `unknown benchmark "${name}"`}; available: ${available}\n` +
      'Usage: npm run bench -- <name> [--duration SECONDS] [--connections N]\n',
  );
  process.exitCode = 2;
} else {
  // The in-process benchmarks run the host in this process: with the V8 settings `serve` and Electron's
  // main process run it with, before anything is allocated, so their figures describe the shipped host.
  tuneHeapForServing();
  console.log(loadLine('start'));
  try {
    // exitCode rather than exit(): the process must end by itself, which proves every server closed.
    process.exitCode = await (await load()).main(rest);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench ${name}: ${error.message}\n`);
    process.exitCode = 2;
  } finally {
    console.log(loadLine('end'));
  }
}
