import { newJobId } from '../shared/ids.js';
import type { Clock } from './clock.js';
import type { Store } from './store/store.js';

/**
 * What a job handler learns about its run: when it was due (its "now": `clock.now()` answers it too while
 * the job runs) and the clock's own time (how far the clock has moved since).
 */
export interface JobRun {
  dueAt: number;
  now: number;
}

export type JobHandler = (payload: unknown, run: JobRun) => void;

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * Persisted due jobs on the simulated clock. A job runs, in its own transaction, once the clock passes
 * its due time: when the user advances the clock, and on a real-time tick as real time passes. Jobs run
 * in due order, each under a clock pinned to its due time (`Clock.runAt`), and a job that schedules
 * another one that is already due sees it run in the same pass.
 *
 * A clock move runs what fell due inside the move's own transaction (each job a savepoint of it), so the
 * caller that moved the clock (the clock test helper) can answer how many ran, and the jobs' writes commit
 * or roll back with the move. `schedule` and `cancel` write: call them inside the caller's transaction.
 */
export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ranTotal = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    clock.duringMove(() => this.runDue());
  }

  register(kind: string, handler: JobHandler): void {
    // Two groups claiming one job kind would silently run only the last one's work.
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.handlers.set(kind, handler);
  }

  /** Schedules `kind` at `dueAt`; a `uniqueKey` replaces the pending job of that key. */
  schedule(kind: string, dueAt: number, payload: unknown, uniqueKey?: string): void {
    this.store.jobs.schedule({
      id: newJobId(),
      kind,
      due_at: dueAt,
      payload,
      unique_key: uniqueKey ?? null,
      created_at: this.clock.now(),
    });
  }

  cancel(uniqueKey: string): void {
    this.store.jobs.cancel(uniqueKey);
  }

  /** Runs every job due now; returns how many ran. Re-entrant calls (a job moving the clock) are ignored. */
  runDue(): number {
    if (this.running) return 0;
    this.running = true;
    let ran = 0;
    try {
      for (;;) {
        const now = this.clock.clockTime();
        const job = this.store.jobs.nextDue(now);
        if (!job) break;
        const handler = this.handlers.get(job.kind);
        try {
          // The job runs at the time it was due (never before it was scheduled): the events, ledger lines
          // and resource times it makes are dated then, wherever the clock move that ran it ended.
          const runAt = Math.max(job.due_at, job.created_at);
          this.clock.runAt(runAt, () =>
            this.store.transaction(() => {
              this.store.jobs.delete(job.id);
              handler?.(job.payload, { dueAt: job.due_at, now });
            }),
          );
        } catch (error) {
          // A failing job is dropped (its transaction rolled back, then the job row removed) rather than
          // retried forever: handlers are deterministic, so a retry would fail the same way.
          this.logger.error(`job ${job.kind} ${job.id} failed`, error);
          this.store.transaction(() => this.store.jobs.delete(job.id));
        }
        if (!handler) this.logger.error(`no handler for job kind ${job.kind}`);
        ran++;
        this.ranTotal++;
      }
    } finally {
      this.running = false;
    }
    return ran;
  }

  /** How many jobs ran since start (the clock helper reports the difference). */
  get jobsRun(): number {
    return this.ranTotal;
  }

  /** Starts the real-time tick that runs jobs as real time passes. */
  start(tickMs = 1000): void {
    this.stop();
    this.timer = setInterval(() => this.runDue(), tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
