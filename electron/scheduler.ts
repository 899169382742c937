import { newJobId } from '../shared/ids.js';
import type { Clock } from './clock.js';
import type { Job } from './store/repositories/jobs-repo.js';
import type { Store } from './store/store.js';

/** Due jobs listed per query while running them. */
const DUE_PAGE = 200;

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
        // Due jobs are listed a page at a time (one query for many jobs: a clock move can run 50,000),
        // and each is taken (deleted) as it runs, so one cancelled or moved meanwhile is skipped. A job
        // that schedules another one due by now ends the page: the list is read again, in due order.
        const now = this.clock.clockTime();
        const page = this.store.jobs.dueFirst(now, DUE_PAGE);
        if (page.length === 0) break;
        this.store.jobs.takeEarliestScheduled();
        for (const listed of page) {
          if (this.runOne(listed, now)) {
            ran++;
            this.ranTotal++;
          }
          if (this.store.jobs.takeEarliestScheduled() <= now) break;
        }
      }
    } finally {
      this.running = false;
    }
    return ran;
  }

  /** Runs one listed job in its own transaction, if it is still due; returns whether it ran. */
  private runOne(listed: Job, now: number): boolean {
    const handler = this.handlers.get(listed.kind);
    let ran = false;
    try {
      // The job runs at the time it was due (never before it was scheduled): the events, ledger lines
      // and resource times it makes are dated then, wherever the clock move that ran it ended.
      const runAt = Math.max(listed.due_at, listed.created_at);
      this.clock.runAt(runAt, () =>
        this.store.transaction(() => {
          if (!this.store.jobs.take(listed.id, now)) return;
          ran = true;
          handler?.(listed.payload, { dueAt: listed.due_at, now });
        }),
      );
    } catch (error) {
      // A failing job is dropped (its transaction rolled back, then the job row removed) rather than
      // retried forever: handlers are deterministic, so a retry would fail the same way.
      this.logger.error(`job ${listed.kind} ${listed.id} failed`, error);
      this.store.transaction(() => this.store.jobs.delete(listed.id));
      ran = true;
    }
    if (ran && !handler) this.logger.error(`no handler for job kind ${listed.kind}`);
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
