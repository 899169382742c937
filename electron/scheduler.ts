import { newJobId } from '../shared/ids.js';
import type { Clock } from './clock.js';
import type { Job } from './store/repositories/jobs-repo.js';
import type { Store } from './store/store.js';

/**
 * Due jobs listed by the first query of a pass, and by the first after a job made another one due. Each
 * page that runs to its end lists the next one `PAGE_GROWTH` times as large, up to `LARGEST_PAGE`: a run
 * of jobs that keep making others due re-reads short lists, a clock move through 50,000 lists few.
 */
const FIRST_PAGE = 200;
const PAGE_GROWTH = 4;
const LARGEST_PAGE = 5_000;
/**
 * Replayable jobs run together in one savepoint (see `replayable`): at most a page. Each savepoint makes
 * SQLite copy every page its jobs touch first (the random-keyed index pages of their rows, about seven a
 * job) into the statement journal: the larger the group, the more of its jobs share those pages.
 */
const GROUP_SIZE = LARGEST_PAGE;

/**
 * What a job handler learns about its run: when it was due (its "now": `clock.now()` answers it too while
 * the job runs) and the clock's own time (how far the clock has moved since).
 */
export interface JobRun {
  dueAt: number;
  now: number;
}

export type JobHandler = (payload: unknown, run: JobRun) => void;

const REPLAYABLE = new WeakSet<JobHandler>();

/**
 * Marks a handler whose every effect goes through the store (its writes, the transitions it makes and
 * what they trigger, `afterCommit` and `onRollback` callbacks), and which treats its payload as read-only:
 * run again after its writes were rolled back, it does the same work and leaves no other trace. Due jobs
 * of such handlers run many in one savepoint instead of one each (a savepoint costs SQLite a copy of every
 * page its job touches first: measured on a clock move, the larger part of a short job); if one of them
 * fails, the savepoint is rolled back and each of its jobs runs again in a savepoint of its own, so the
 * failing one is dropped alone, as any job is.
 */
export function replayable(handler: JobHandler): JobHandler {
  REPLAYABLE.add(handler);
  return handler;
}

/** What running some of a page of due jobs did: jobs run, jobs of the page taken, whether to list again. */
interface GroupResult {
  ran: number;
  taken: number;
  rescan: boolean;
}

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
 * A clock move runs what fell due inside the move's own transaction (each job a savepoint of it, or a
 * group of replayable jobs one savepoint: see `replayable`), so the
 * caller that moved the clock (the clock test helper) can answer how many ran, and the jobs' writes commit
 * or roll back with the move. `schedule` and `cancel` write: call them inside the caller's transaction.
 */
export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ranTotal = 0;
  /**
   * The unique key of the job whose handler runs now, while its row stays taken: cancelling that key
   * (a job whose resource leaves the state it waited on) would delete nothing, and is skipped.
   */
  private takenKey: string | null = null;

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
    // The running job's key gets a row again: a later cancel must delete it.
    if (uniqueKey !== undefined && uniqueKey === this.takenKey) this.takenKey = null;
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
    if (uniqueKey === this.takenKey) return;
    this.store.jobs.cancel(uniqueKey);
  }

  /** Runs every job due now; returns how many ran. Re-entrant calls (a job moving the clock) are ignored. */
  runDue(): number {
    if (this.running) return 0;
    this.running = true;
    try {
      // A pass through more than a page of due jobs (a clock move over days of a busy workspace) reads
      // rows all over the database while its own dirty pages fill the page cache.
      return this.store.jobs.countDueBy(this.clock.clockTime()) > FIRST_PAGE
        ? this.store.db.withLargeCache(() => this.runPages())
        : this.runPages();
    } finally {
      this.running = false;
    }
  }

  /** Runs the due jobs, a page at a time (see `runDue`). */
  private runPages(): number {
    let ran = 0;
    let pageSize = FIRST_PAGE;
    for (;;) {
      // Due jobs are listed a page at a time (one query for many jobs: a clock move can run 50,000),
      // and each is taken (deleted) as it runs, so one cancelled or moved meanwhile is skipped. A job
      // that schedules another one due by now ends the page: the list is read again, in due order.
      const now = this.clock.clockTime();
      const page = this.store.jobs.dueFirst(now, pageSize);
      if (page.length === 0) break;
      this.store.jobs.takeEarliestScheduled();
      pageSize = Math.min(pageSize * PAGE_GROWTH, LARGEST_PAGE);
      let index = 0;
      while (index < page.length) {
        const group = this.replayableRun(page, index);
        const done =
          group > 1 ? this.runGroup(page.slice(index, index + group), now) : this.runSingle(page, index, now);
        ran += done.ran;
        this.ranTotal += done.ran;
        index += done.taken;
        if (done.rescan) {
          pageSize = FIRST_PAGE;
          break;
        }
      }
    }
    return ran;
  }

  /** How many jobs from `index` on are of replayable handlers, in a row (at most a group). */
  private replayableRun(page: readonly Job[], index: number): number {
    let end = index;
    while (end < page.length && end - index < GROUP_SIZE) {
      const handler = this.handlers.get((page[end] as Job).kind);
      if (!handler || !REPLAYABLE.has(handler)) break;
      end++;
    }
    return end - index;
  }

  /**
   * Runs the listed job at `index` in its own transaction. `rescan`: it made another job due by `now`,
   * so the due list is read again before any later job of the page.
   */
  private runSingle(page: readonly Job[], index: number, now: number): GroupResult {
    const ran = this.runOne(page[index] as Job, now) ? 1 : 0;
    return { ran, taken: 1, rescan: this.store.jobs.takeEarliestScheduled() <= now };
  }

  /**
   * Runs jobs of replayable handlers in one transaction, in order, until one makes another job due by
   * `now` (the due list is read again then). If one fails, everything the group wrote is rolled back
   * and the jobs it had reached run again, each in a transaction of its own.
   */
  private runGroup(jobs: readonly Job[], now: number): GroupResult {
    let ran = 0;
    let taken = 0;
    let rescan = false;
    try {
      this.store.transaction(() => {
        for (const listed of jobs) {
          taken++;
          this.clock.runAt(Math.max(listed.due_at, listed.created_at), () => {
            if (!this.store.jobs.take(listed.id, now)) return;
            ran++;
            this.runTaken(listed, this.handlers.get(listed.kind), now);
          });
          if (this.store.jobs.takeEarliestScheduled() <= now) {
            rescan = true;
            break;
          }
        }
      });
      return { ran, taken, rescan };
    } catch {
      // What the rolled-back jobs scheduled is gone: only the runs below can make a job due.
      this.store.jobs.takeEarliestScheduled();
      let again = 0;
      for (let index = 0; index < taken; index++) {
        const single = this.runSingle(jobs, index, now);
        again += single.ran;
        if (single.rescan) return { ran: again, taken: index + 1, rescan: true };
      }
      return { ran: again, taken, rescan: false };
    }
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
          this.runTaken(listed, handler, now);
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

  /** Runs the handler of a job whose row was just taken (deleted, in the transaction the run is part of). */
  private runTaken(listed: Job, handler: JobHandler | undefined, now: number): void {
    this.takenKey = listed.unique_key;
    try {
      handler?.(listed.payload, { dueAt: listed.due_at, now });
    } finally {
      this.takenKey = null;
    }
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
