/**
 * A Chromium performance trace (with its sampled CPU profile) read as the UI benchmarks' profilers print
 * it: each main-thread task over a threshold, with the functions that ran longest in it (self time), the
 * components and app code under them (total time), and the trace's own events (module evaluation,
 * style, layout, paint, GC). Names are the built bundle's: build with `npx vite build --minify false`
 * to read them.
 */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (its duration less the time the thread was off the CPU). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string }; name?: string };
}

/** The categories a trace needs for `printLongTasks`. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

export const short = (url: string | undefined) =>
  (url ?? '').replace(/^.*\/assets\//, '').replace(/^.*\//, '');

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface Thread {
  pid: number;
  tid: number;
}

/** Every renderer's main thread in the trace (one per tab that has a process of its own). */
export function rendererMainThreads(events: TraceEvent[]): Thread[] {
  return events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map(({ pid, tid }) => ({ pid, tid }));
}

/** The sampled stacks of the trace's CPU profile (leaf first), with their times in trace microseconds. */
function profileSamples(events: TraceEvent[], thread: Thread): { ts: number; dt: number; stack: Frame[] }[] {
  const nodes = new Map<number, { frame: Frame; parent?: number }>();
  const out: { ts: number; dt: number; stack: Frame[] }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid) as
    (TraceEvent & { id?: string }) | undefined;
  if (!profile) return out;
  const chunks = events.filter(
    (e) =>
      (e.name === 'Profile' || e.name === 'ProfileChunk') &&
      (e as { id?: string }).id === profile.id &&
      e.pid === thread.pid,
  );
  let ts = 0;
  for (const chunk of chunks) {
    const data = (chunk.args as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    if (chunk.name === 'Profile') {
      ts = (data.startTime as number) ?? chunk.ts;
      continue;
    }
    const cpu = data.cpuProfile as
      { nodes?: { id: number; parent?: number; callFrame: Frame }[]; samples?: number[] } | undefined;
    for (const node of cpu?.nodes ?? []) nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
    const deltas = (data.timeDeltas as number[] | undefined) ?? [];
    (cpu?.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const stack: Frame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) {
        const node = nodes.get(at);
        if (!node) break;
        if (node.frame.functionName !== '(root)') stack.push(node.frame);
      }
      out.push({ ts, dt: deltas[i + 1] ?? 100, stack });
    });
  }
  return out;
}

/**
 * Prints each task of `thread` over `overMs`: self time, the components and app code (total time), the
 * trace's events inside it, and the time in it with no sample for 10 ms or more (the thread off the CPU).
 * Returns the durations of the tasks, in ms.
 */
export function printLongTasks(
  events: TraceEvent[],
  thread: Thread,
  {
    overMs = 50,
    depth = 25,
    label = '',
    cpu = false,
  }: {
    overMs?: number;
    depth?: number;
    label?: string;
    /** Tasks over `overMs` of the thread's CPU time, rather than of the clock's. */
    cpu?: boolean;
  } = {},
): number[] {
  const mainEvents = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  // The profiler's own start is a long task of the trace, not of the page.
  const profilerStarts = mainEvents.filter((e) => e.name === 'CpuProfiler::StartProfiling');
  const all = mainEvents.filter(
    (e) =>
      e.name === 'RunTask' &&
      !profilerStarts.some((start) => start.ts >= e.ts && start.ts <= e.ts + (e.dur ?? 0)),
  );
  const tasks = all.filter((e) => ((cpu ? e.tdur : e.dur) ?? 0) > overMs * 1000);
  // Times are said from the page's `burst-start` mark when it has one, else from its first long task.
  const mark = events.find((e) => e.pid === thread.pid && e.name === 'burst-start');
  const origin = mark?.ts ?? tasks[0]?.ts ?? 0;
  const cpuMs = all.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  console.log(
    `  ${label}${all.length} tasks, ${cpuMs.toFixed(0)} ms of CPU in all; the most CPU in one task ${(Math.max(0, ...all.map((e) => e.tdur ?? 0)) / 1000).toFixed(0)} ms, the longest task ${(Math.max(0, ...all.map((e) => e.dur ?? 0)) / 1000).toFixed(0)} ms`,
  );
  const samples = profileSamples(events, thread);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = mainEvents.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const parts = new Map<string, number>();
    for (const e of inside) {
      const data = e.args?.data;
      const what =
        e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule'
          ? `${e.name} ${short(data?.url)}`
          : e.name === 'FunctionCall'
            ? `FunctionCall ${data?.functionName || '?'} ${short(data?.url)}`
            : e.name;
      parts.set(what, (parts.get(what) ?? 0) + (e.dur ?? 0));
    }
    const taskSamples = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end);
    let gapsUs = 0;
    let last = task.ts;
    for (const sample of taskSamples) {
      if (sample.ts - last >= 10_000) gapsUs += sample.ts - last;
      last = sample.ts;
    }
    if (end - last >= 10_000) gapsUs += end - last;
    console.log(
      `  ${label}task ${((task.dur ?? 0) / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)} ms) at ${((task.ts - origin) / 1000).toFixed(0)}, ${(gapsUs / 1000).toFixed(0)} ms of it with no sample for 10 ms or more:`,
    );
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    for (const sample of taskSamples) {
      const frames = sample.stack.map(
        (f) => `${f.functionName || '(anon)'} ${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`,
      );
      self.set(frames[0] ?? '?', (self.get(frames[0] ?? '?') ?? 0) + sample.dt);
      for (const frame of new Set(frames)) total.set(frame, (total.get(frame) ?? 0) + sample.dt);
    }
    console.log('    self:');
    for (const [what, dur] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`    ${(dur / 1000).toFixed(1).padStart(7)} ms  ${what}`);
    console.log('    total (components and app code):');
    const interesting = ([what]: [string, number]) =>
      /^[A-Z]/.test(what) ||
      !/^(\(anon\)|[a-z#])/.test(what) ||
      / (App|Orders|orders|router|registry|main|feature)/.test(what);
    for (const [what, dur] of [...total]
      .filter(interesting)
      .sort((a, b) => b[1] - a[1])
      .slice(0, depth))
      console.log(`    ${(dur / 1000).toFixed(1).padStart(7)} ms  ${what}`);
    const top = [...parts]
      .filter(([what]) => !what.startsWith('V8.'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    for (const [what, dur] of top) console.log(`    ${(dur / 1000).toFixed(1).padStart(7)} ms  ${what}`);
  }
  return tasks.map((task) => (task.dur ?? 0) / 1000);
}
