import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the event loop's utilization is looked at (ms). */
const CHECK_MS = 1_000;
/** Below this share of a check's interval the event loop counts as idle... */
const IDLE_UTILIZATION = 0.05;
/** ...and after this many idle checks in a row the host counts as idle. */
const IDLE_CHECKS = 3;
/** The young generation's committed size above which an idle host gives memory back (16 MiB). */
export const YOUNG_RELEASE_BYTES = 16 * 1024 * 1024;
/**
 * The young generation's committed size above which drained work gives memory back at once (64 MiB,
 * half of what V8 grows it to). The release has a price the idle one does not pay: work that comes
 * right after (the next batch) starts on a young generation of 1 MiB, which V8 grows again through
 * many small scavenges (measured on back-to-back 15,000-item batches released after each: 57 to 84 us
 * of CPU an item against 44 to 58, creates 100 to 200 ms against 45 to 75). So only a large young
 * generation is worth it; a smaller one waits for the idle seconds.
 */
export const DRAINED_RELEASE_BYTES = 64 * 1024 * 1024;

/**
 * Where long work tells the release that it has just drained (a payout queue with no batch left): by
 * name, so the host's copy of this module and a benchmark's copy of it (the host is loaded from its
 * bundle, the benchmark's own code through tsx) reach the one release that the process started.
 */
export const WORK_DRAINED_CHANNEL = 'payments-workbench:heap-release.work-drained';
const WORK_DRAINED = channel(WORK_DRAINED_CHANNEL);

/** What drained work says of the moment it drained. */
export interface WorkDrained {
  /** Whether the API is serving a load: a release then would pause its callers. */
  apiBusy: boolean;
}

/**
 * Tells the process's heap release that long work has drained (nothing when no release runs: tests,
 * tools). Call it outside any transaction: the release, if it comes, holds the event loop.
 */
export function announceWorkDrained(moment: WorkDrained): void {
  if (WORK_DRAINED.hasSubscribers) WORK_DRAINED.publish(moment);
}

/** What the release decides on, and what it does: the real V8 by default, fakes in tests. */
export interface HeapProbe {
  /** The event loop's utilization (0..1) since the last call. */
  utilization(): number;
  /** The young generation's committed bytes. */
  youngBytes(): number;
  /** Gives the heap's unused memory back to the system. */
  release(): void;
}

/**
 * Gives an idle host's unused V8 heap back to the system, once after every busy period.
 *
 * Under sustained work (a payout batch, an order load) V8 grows its young generation to its maximum
 * (128 MiB committed on this host's Node) and keeps it: it shrinks the young generation only at a
 * collection made while allocation is slow, and an idle host allocates almost nothing, so no collection
 * comes (measured: 30 s idle after five 15,000-item batches, the heap's committed sizes did not move).
 * V8's own memory reducer only starts after an old-generation collection, which a host whose data
 * lives in SQLite rarely needs. So once the event loop has been idle for a few seconds after being
 * busy, and only while the young generation is large, the host asks V8 for the collection it makes
 * under memory pressure: the young generation goes back to a few MiB and the freed pages to the
 * system (measured: RSS 351 to 234 MiB after three batches; the collection holds the loop about a
 * quarter of a second, at a moment when nothing else runs).
 *
 * The only V8 setting that bounds the young generation up front, `--max-semi-space-size`, is read when
 * the process starts: `serve` could take it on its command line, Electron's main process cannot from
 * its code. This release needs no command line, so both get it.
 */
export class IdleHeapRelease {
  private idleChecks = 0;
  /** Whether the memory was given back since the event loop was last busy. */
  private released = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onWorkDrained = (moment: unknown) => this.workDrained(moment as WorkDrained);

  constructor(private readonly probe: HeapProbe = v8Probe()) {}

  start(): void {
    if (this.timer) return;
    this.probe.utilization();
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.timer.unref();
    WORK_DRAINED.subscribe(this.onWorkDrained);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    WORK_DRAINED.unsubscribe(this.onWorkDrained);
  }

  /**
   * Long work has just drained (announceWorkDrained; tests call it directly): the moment the idle checks
   * would find three seconds later, known at once. A large young generation (DRAINED_RELEASE_BYTES) is
   * given back now unless the API is busy (the collection would pause its callers; the idle checks then
   * give it back once the load is over). True when it released memory; the idle checks do not release
   * again until the event loop has been busy since.
   */
  workDrained(moment: WorkDrained): boolean {
    if (moment.apiBusy || this.probe.youngBytes() < DRAINED_RELEASE_BYTES) return false;
    this.released = true;
    this.probe.release();
    return true;
  }

  /** One look at the event loop (the timer's; tests call it directly). True when it released memory. */
  check(): boolean {
    if (this.probe.utilization() >= IDLE_UTILIZATION) {
      this.idleChecks = 0;
      this.released = false;
      return false;
    }
    this.idleChecks++;
    if (this.released || this.idleChecks < IDLE_CHECKS) return false;
    if (this.probe.youngBytes() < YOUNG_RELEASE_BYTES) return false;
    this.released = true;
    this.probe.release();
    return true;
  }
}

/** The young generation's committed bytes, from V8's heap spaces. */
export function youngGenerationBytes(): number {
  let bytes = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
      bytes += space.space_size;
  return bytes;
}

type GcFunction = (options?: { type?: 'major' | 'minor'; flavor?: 'regular' | 'last-resort' }) => void;

/**
 * V8's `gc` function without `--expose-gc` on the command line: the flag, set for a moment, puts it on
 * a new context only (the host's own global object never gets it), and is switched off again.
 */
function collector(): GcFunction {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as GcFunction;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

let gc: GcFunction | undefined;

/**
 * V8's low-memory collection ("last resort"): it shrinks the young generation and returns the freed
 * pages at once (a regular full collection keeps both for reuse).
 */
export function releaseUnusedHeap(): void {
  gc ??= collector();
  gc({ type: 'major', flavor: 'last-resort' });
}

function v8Probe(): HeapProbe {
  let last = performance.eventLoopUtilization();
  return {
    utilization() {
      const now = performance.eventLoopUtilization();
      const { utilization } = performance.eventLoopUtilization(now, last);
      last = now;
      return utilization;
    },
    youngBytes: youngGenerationBytes,
    release: releaseUnusedHeap,
  };
}
