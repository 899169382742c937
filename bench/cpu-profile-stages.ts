import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';

/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) that the summary reads. */
export interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** The stages of a request, in pipeline order, and the buckets of what is not one request's own work. */
export const STAGES = [
  'parse',
  'authenticate',
  'route + framework',
  'validate',
  'rules',
  'store',
  'events + webhooks',
  'request log',
  'respond',
  'HTTP (Node)',
  'garbage collection',
  'other (V8, native)',
] as const;
export type Stage = (typeof STAGES)[number];

/** Which stage a source file of the project belongs to (paths as the bundle's source map names them). */
const PROJECT_FILES: [RegExp, Stage][] = [
  [/pipeline\/(json-body|accept)\.ts$/, 'parse'],
  [/pipeline\/(authenticate|rate-limit|prefer|links)\.ts$|token-clock\.ts$|tokens-repo\.ts$/, 'authenticate'],
  [/pipeline\/(validate|route-not-found)\.ts$|shared\/api\/.*(schemas|common)\.ts$/, 'validate'],
  [
    /pipeline\/(request-log(-[a-z]+)?|error-body|api-error)\.ts$|shared\/(redact|request-source)\.ts$/,
    'request log',
  ],
  [/resource-kinds\.ts$|\/views?\.ts$|\/views\//, 'respond'],
  [/electron\/store\/|pipeline\/idempotency\.ts$/, 'store'],
  [/electron\/(webhooks|mailbox)\/|electron\/events\.ts$|\/events\.ts$/, 'events + webhooks'],
  [/electron\/(api|ledger)\/|shared\/|electron\/(clock|scheduler)\.ts$/, 'rules'],
];

/** Packages and Node's own modules: what stage their code serves. */
const LIBRARY_FILES: [RegExp, Stage][] = [
  [/node_modules\/zod\//, 'validate'],
  [/node_modules\/fastify\/lib\/(contentTypeParser|rawBody)/, 'parse'],
  [
    /node_modules\/(fast-json-stringify|@fastify\/fast-json-stringify-compiler)|fastify\/lib\/(reply|wrapThenable|error-serializer|headRoute)/,
    'respond',
  ],
  [/node_modules\//, 'route + framework'],
  // The host's only HTTP client is the webhook delivery (fetch is undici).
  [/node:internal\/deps\/undici/, 'events + webhooks'],
  [/^node:/, 'HTTP (Node)'],
];

/**
 * Sums a CPU profile of the host into the stages of a request. A sample counts for the deepest frame on
 * its stack that names a stage: the project's own code by the source file the bundle's source map gives
 * (SQLite's native calls count for the repository that made them, JSON.stringify for whoever called it),
 * packages by name, Node's internals as HTTP unless project code or a package sits above them.
 * Returns microseconds per stage, idle time left out, of the samples taken within `window` (monotonic
 * microseconds, the clock of `process.hrtime` and of V8's profiler alike).
 */
export function stageTimes(
  profilePath: string,
  bundlePath: string,
  window: { fromUs: number; toUs: number },
): Map<Stage, number> {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
  const map = new SourceMap(JSON.parse(readFileSync(`${bundlePath}.map`, 'utf8')) as SourceMapPayload);
  const bundleName = bundlePath.split('/').at(-1) ?? bundlePath;
  const parent = new Map<number, number>();
  const frames = new Map<number, CallFrame>();
  for (const node of profile.nodes) {
    frames.set(node.id, node.callFrame);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }

  /** A frame's stage and whether it is decisive (project or package) or weak (Node's internals). */
  const classified = new Map<number, { stage: Stage; strong: boolean } | null>();
  const classify = (id: number) => {
    if (classified.has(id)) return classified.get(id);
    const frame = frames.get(id);
    let result: { stage: Stage; strong: boolean } | null = null;
    if (frame?.url.endsWith(bundleName)) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
      const source = entry.originalSource ?? '';
      const stage = PROJECT_FILES.find(([pattern]) => pattern.test(source))?.[1];
      // server.ts is the pipeline's glue: its own time is the framework's share.
      result = { stage: stage ?? 'route + framework', strong: true };
    } else if (frame?.url) {
      const stage = LIBRARY_FILES.find(([pattern]) => pattern.test(frame.url))?.[1];
      if (stage) result = { stage, strong: stage !== 'HTTP (Node)' };
    }
    classified.set(id, result);
    return result;
  };

  const byStack = new Map<number, Stage | 'idle'>();
  const stageOf = (leaf: number): Stage | 'idle' => {
    const known = byStack.get(leaf);
    if (known) return known;
    const name = frames.get(leaf)?.functionName;
    let stage: Stage | 'idle' | undefined =
      name === '(idle)' ? 'idle' : name === '(garbage collector)' ? 'garbage collection' : undefined;
    let weak: Stage | undefined;
    for (let id: number | undefined = leaf; stage === undefined && id !== undefined; id = parent.get(id)) {
      const found = classify(id);
      if (found?.strong) stage = found.stage;
      else if (found && !weak) weak = found.stage;
    }
    const result = stage ?? weak ?? 'other (V8, native)';
    byStack.set(leaf, result);
    return result;
  };

  const totals = new Map<Stage, number>(STAGES.map((s) => [s, 0]));
  let at = profile.startTime;
  profile.samples.forEach((leaf, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.fromUs || at > window.toUs) return;
    const stage = stageOf(leaf);
    // A sample's time is the gap to the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (stage !== 'idle') totals.set(stage, (totals.get(stage) ?? 0) + us);
  });
  return totals;
}
