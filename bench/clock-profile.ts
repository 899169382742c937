import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { approvedOrders, move } from './clock.js';
import type { CallFrame, CpuProfile } from './cpu-profile-stages.js';
import { accessToken, BENCH_CREDENTIALS, loadHost } from './host.js';
import { UsageError } from './usage-error.js';

/**
 * `npm run bench -- clock-profile [--jobs N] [--workspace DIR]`: the clock benchmark's move of N due
 * approval reversals (default 5,000) under V8's sampling profiler, and where a job's microseconds go. The
 * host runs in this process as in `bench -- clock` (on disk, the local listener subscribed to every
 * event); only the move is profiled, and its CPU time (this process, all threads) is split by the
 * profile's shares. The profile is kept in out/profiles/ for Chrome DevTools' Performance panel.
 *
 * `--workspace DIR` keeps the workspace of N approved orders in DIR (made there the first time) and moves
 * the clock in a copy of it: runs that compare two versions of the code then move the same orders, and
 * skip the minutes that approving 50,000 orders through the API takes.
 */
const BUNDLE = fileURLToPath(new URL('../out/serve/host.mjs', import.meta.url));
const KEPT = fileURLToPath(new URL('../out/profiles/', import.meta.url));

/** What a job does, in the order it does it; a sample counts for the deepest frame that names a part. */
const PARTS = [
  'due jobs: list, take',
  'read the order',
  'order update + history row',
  "the event's resource",
  'event + delivery rows',
  'ledger rules',
  'job scheduling (cancel)',
  'transactions, savepoints',
  'after-commit notices',
  'other project code',
  'garbage collection',
  'other (V8, native)',
] as const;
type Part = (typeof PARTS)[number];

/** `source#function` of a project frame (source as the bundle's map names it) to the part it is. */
const PROJECT_PARTS: [RegExp, Part][] = [
  [/jobs-repo\.ts#(cancel)$/, 'job scheduling (cancel)'],
  [/orders-v2\/jobs\.ts#/, 'job scheduling (cancel)'],
  [/jobs-repo\.ts#|scheduler\.ts#/, 'due jobs: list, take'],
  [/resources-repo\.ts#(update|insert)/, 'order update + history row'],
  [/resources-repo\.ts#(get|toResource)|orders-v2\/service\.ts#find/, 'read the order'],
  [
    /electron\/(webhooks)\/(emit|events-repo|deliveries-repo|fanout|subscriptions-repo|outbox-change|stored-envelope|webhook-ids|event-snapshots)\.ts#/,
    'event + delivery rows',
  ],
  [
    /orders-v2\/(views|events)\.ts#|resource-kinds\.ts#|webhooks\/catalog\.ts#|trackers\//,
    "the event's resource",
  ],
  [/electron\/ledger\//, 'ledger rules'],
  [/store\/db\.ts#(transaction|run|undo|commitGroup|marks)$/, 'transactions, savepoints'],
  [/store\/db\.ts#runAfterCommit|electron\/events\.ts#|host\//, 'after-commit notices'],
  [/transition\.ts#stamp/, 'order update + history row'],
];

/** Microseconds per part, and per `source#function` of the deepest project frame (the top ones). */
function split(profile: CpuProfile): { parts: Map<Part, number>; frames: Map<string, number> } {
  const map = new SourceMap(JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8')) as SourceMapPayload);
  const parent = new Map<number, number>();
  const callFrames = new Map<number, CallFrame>();
  for (const node of profile.nodes) {
    callFrames.set(node.id, node.callFrame);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const named = new Map<number, string | null>();
  const nameOf = (id: number): string | null => {
    if (named.has(id)) return named.get(id) ?? null;
    const frame = callFrames.get(id);
    let name: string | null = null;
    if (frame?.url.endsWith('host.mjs')) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
      const source = (entry.originalSource ?? '').replace(/^.*?\/(electron|shared)\//, '$1/');
      name = `${source}#${frame.functionName || '(anonymous)'}`;
    }
    named.set(id, name);
    return name;
  };
  const parts = new Map<Part, number>(PARTS.map((p) => [p, 0]));
  const frames = new Map<string, number>();
  profile.samples.forEach((leaf, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const leafName = callFrames.get(leaf)?.functionName;
    if (leafName === '(idle)' || leafName === '(program)') return;
    let part: Part | undefined = leafName === '(garbage collector)' ? 'garbage collection' : undefined;
    let deepest: string | undefined;
    for (let id: number | undefined = leaf; part === undefined && id !== undefined; id = parent.get(id)) {
      const name = nameOf(id);
      if (!name) continue;
      deepest ??= name;
      part = PROJECT_PARTS.find(([pattern]) => pattern.test(name))?.[1];
    }
    part ??= deepest ? 'other project code' : 'other (V8, native)';
    parts.set(part, (parts.get(part) ?? 0) + us);
    const key = deepest ?? leafName ?? '?';
    frames.set(key, (frames.get(key) ?? 0) + us);
  });
  return { parts, frames };
}

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { jobs: { type: 'string' }, workspace: { type: 'string' } },
    strict: true,
  });
  const jobs = Number(values.jobs ?? 5_000);
  if (!Number.isInteger(jobs) || jobs <= 0) throw new UsageError('--jobs takes a whole number');
  const { createHost } = await loadHost();
  const open = (dir: string) =>
    createHost({
      location: { kind: 'dir', dir },
      credentials: BENCH_CREDENTIALS,
      listener: { host: '127.0.0.1', port: 0 },
    });
  const dir = mkdtempSync(join(tmpdir(), 'bench-clock-profile-'));
  const kept = values.workspace;
  if (kept !== undefined && !existsSync(join(kept, 'workbench.db'))) {
    const maker = open(kept);
    try {
      const baseUrl = await maker.listen('127.0.0.1', 0);
      await approvedOrders(baseUrl, await accessToken(baseUrl), jobs);
    } finally {
      await maker.close();
    }
  }
  if (kept !== undefined) cpSync(kept, dir, { recursive: true });
  const host = open(dir);
  const session = new Session();
  try {
    const baseUrl = await host.listen('127.0.0.1', 0);
    const token = await accessToken(baseUrl);
    if (kept === undefined) await approvedOrders(baseUrl, token, jobs);
    await move(baseUrl, token, 0);
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const cpuBefore = process.cpuUsage();
    const moved = await move(baseUrl, token, 4);
    const cpu = process.cpuUsage(cpuBefore);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    mkdirSync(KEPT, { recursive: true });
    const profilePath = join(KEPT, `clock-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
    writeFileSync(profilePath, JSON.stringify(profile));

    const cpuUs = cpu.user + cpu.system;
    const perJob = cpuUs / moved.jobs;
    const { parts, frames } = split(profile);
    const sampled = [...parts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${moved.jobs} jobs in ${moved.ms.toFixed(0)} ms; CPU ${(cpuUs / 1000).toFixed(0)} ms ` +
        `(${(cpu.system / 1000).toFixed(0)} ms system), ${perJob.toFixed(0)} µs a job; profile kept in ${profilePath}`,
    );
    console.log('| part of a job | µs / job | share |\n|---|---:|---:|');
    for (const part of PARTS) {
      const share = (parts.get(part) ?? 0) / sampled;
      console.log(`| ${part} | ${(share * perJob).toFixed(1)} | ${(share * 100).toFixed(1)} % |`);
    }
    console.log(`| **total** | **${perJob.toFixed(1)}** | 100 % |`);
    console.log('\ndeepest project frames (share of the samples):');
    for (const [name, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${((us / sampled) * 100).toFixed(1).padStart(5)} %  ${name}`);
    console.log(
      JSON.stringify({
        bench: 'clock-profile',
        jobs: moved.jobs,
        moveMs: moved.ms,
        cpuUsPerJob: perJob,
        shares: Object.fromEntries([...parts].map(([p, us]) => [p, us / sampled])),
      }),
    );
    return 0;
  } finally {
    session.disconnect();
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
