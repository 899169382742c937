import type { GenerationJob } from '../../../../shared/api/reporting/schemas.js';
import { randomString } from '../../../../shared/ids.js';
import { isoSeconds } from '../../../clock.js';
import type { LedgerRepository } from '../../../ledger/ledger-repo.js';
import type { NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { Settlement } from '../../../ledger/settlement.js';
import type { ApiDeps } from '../../deps.js';
import { historyBatches, type HistoryPlan } from './history-generator.js';

/** Entries made and inserted at a time: a few milliseconds of work. */
export const GENERATION_BATCH = 1_000;
/**
 * How long one transaction keeps writing batches before it commits and gives the event loop back: long
 * enough to amortize the commit, short enough that a request arriving meanwhile waits little (a fixed
 * 10,000 entries per transaction once held every other request for over 300 ms).
 */
export const GENERATION_SLICE_MS = 40;

interface JobState {
  id: string;
  plan: HistoryPlan;
  written: number;
  status: GenerationJob['status'];
  startedAt: number;
  finishedAt?: number;
  error?: string;
  cancelled: boolean;
  startedIso: string;
  finishedIso?: string;
  batches: Generator<NewLedgerEntry[]>;
  /** Settled when the job is over (completed, failed or cancelled). */
  done: Promise<void>;
  settle: () => void;
}

/**
 * Runs bulk history generations: synchronously (the caller waits) or in the background, one batch per
 * transaction with the event loop free in between, so the workbench shows progress and the API keeps
 * answering. One generation runs at a time; a sandbox reset cancels it.
 */
export class HistoryJobs {
  private readonly jobs = new Map<string, JobState>();
  private running: JobState | undefined;

  constructor(
    private readonly deps: ApiDeps,
    private readonly repo: LedgerRepository,
    private readonly settlement: Settlement,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  /**
   * Starts a generation, written batch by batch once the caller's transaction commits, the event loop
   * free between batches so other requests are answered meanwhile; `job.done` settles when it is over
   * (a synchronous request waits for it, a `respond-async` one answers at once).
   */
  start(plan: HistoryPlan): JobState {
    let settle = (): void => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const job: JobState = {
      id: randomString('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17),
      plan,
      written: 0,
      status: 'RUNNING',
      startedAt: performance.now(),
      startedIso: this.deps.clock.nowIso(),
      cancelled: false,
      batches: historyBatches(plan, GENERATION_BATCH),
      done,
      settle,
    };
    this.jobs.set(job.id, job);
    // Keep the last few jobs for their progress pages, not every job ever run.
    for (const old of [...this.jobs.keys()].slice(0, -20)) this.jobs.delete(old);
    this.running = job;
    const tick = () => {
      if (this.step(job)) setImmediate(tick);
    };
    this.deps.store.db.afterCommit(() => setImmediate(tick));
    return job;
  }

  get(id: string): JobState | undefined {
    return this.jobs.get(id);
  }

  /** Stops the running generation (what it wrote so far stays). */
  cancelAll(): void {
    if (this.running) this.running.cancelled = true;
  }

  /** Writes batches for one time slice in one transaction; false when the job is over. */
  private step(job: JobState): boolean {
    try {
      if (job.cancelled) throw new Error('cancelled by a sandbox reset');
      if (!this.deps.store.db.db.isOpen) throw new Error('the host closed');
      const { written, over } = this.deps.store.transaction(() => {
        const until = performance.now() + GENERATION_SLICE_MS;
        let count = 0;
        do {
          const next = job.batches.next();
          if (next.done) {
            this.settlement.scheduleNext();
            return { written: count, over: true };
          }
          this.repo.insert(next.value);
          count += next.value.length;
        } while (performance.now() < until);
        return { written: count, over: false };
      });
      job.written += written;
      if (over) this.finish(job, 'COMPLETED');
      return !over;
    } catch (error) {
      job.error = (error as Error).message;
      this.finish(job, 'FAILED');
      if (job.error !== 'cancelled by a sandbox reset')
        this.deps.logger.error(`history generation ${job.id} failed`, error);
      return false;
    }
  }

  private finish(job: JobState, status: GenerationJob['status']): void {
    job.status = status;
    job.finishedAt = performance.now();
    job.finishedIso = this.deps.clock.nowIso();
    if (this.running === job) this.running = undefined;
    job.settle();
  }

  /** The job as the API shows it. */
  view(job: JobState, baseUrl: string): GenerationJob {
    const elapsed = (job.finishedAt ?? performance.now()) - job.startedAt;
    return {
      id: job.id,
      status: job.status,
      entries_requested: job.plan.entries,
      entries_written: job.written,
      days: Math.round((job.plan.endMs - job.plan.startMs) / 86_400_000),
      start_time: isoSeconds(job.plan.startMs),
      end_time: isoSeconds(job.plan.endMs),
      currencies: [...job.plan.currencies],
      started_at: job.startedIso,
      ...(job.finishedIso !== undefined ? { finished_at: job.finishedIso } : {}),
      elapsed_ms: Math.round(elapsed),
      entries_per_second: elapsed > 0 ? Math.round((job.written / elapsed) * 1000) : 0,
      ...(job.error ? { error: job.error } : {}),
      links: [
        { href: `${baseUrl}/v1/test-helpers/reporting/generate/${job.id}`, rel: 'self', method: 'GET' },
      ],
    };
  }
}

export type { JobState as HistoryJob };
