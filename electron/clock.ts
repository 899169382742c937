import type { Database } from './store/db.js';
import type { MetaRepository } from './store/repositories/meta-repo.js';

const OFFSET_KEY = 'clock.offset_ms';

export type ClockListener = (now: number, previous: number) => void;

/**
 * The one source of time: real time plus an offset the user can advance. The offset is persisted, so a
 * restarted workspace keeps its simulated date. Time never moves backwards except on a sandbox reset.
 *
 * A move is a write like any other: it runs in a transaction (a savepoint of the caller's, if one is
 * open) and its in-memory effects follow the commit.
 * - Inside the transaction that wrote it, the new offset is pending: `now()` and `offset` already answer
 *   with it (so a request that moved the clock answers the moved time), and the `duringMove` listeners
 *   (the scheduler running what fell due) do their database work as part of the move.
 * - Once it commits, the offset is applied and the `onMove` listeners (the host's `clock-moved` event)
 *   hear of it: once per committed transaction, however many moves it made.
 * - If it rolls back (the savepoint or the whole transaction), the pending offset is dropped and no
 *   `onMove` listener hears of it.
 */
export class Clock {
  /** The committed offset. */
  private offsetMs: number;
  /** The offset written by a transaction that is still open (undefined when none is). */
  private pending: number | undefined;
  /** The time a running job was due (undefined when no job runs), see `runAt`. */
  private pinnedMs: number | undefined;
  private readonly listeners = new Set<ClockListener>();
  private readonly movers = new Set<ClockListener>();
  private readonly db: Database;

  constructor(
    private readonly meta: MetaRepository,
    private readonly realNow: () => number = Date.now,
  ) {
    this.db = meta.store;
    this.offsetMs = Number(meta.get(OFFSET_KEY) ?? 0);
  }

  /**
   * Simulated epoch milliseconds (with a pending move's offset, inside the transaction that made it). While
   * a due job runs (`runAt`), the time it was due: what the job makes is dated then, not when the clock
   * move that ran it ends.
   */
  now(): number {
    return this.pinnedMs ?? this.clockTime();
  }

  /**
   * The clock's own simulated time, past any job's pinned view: for pacing work against the time that
   * actually passes (when to run the next chunk), never for dating what a job makes.
   */
  clockTime(): number {
    return this.realNow() + (this.pending ?? this.offsetMs);
  }

  /**
   * Runs `work` with `now()` answering `epochMs` (the scheduler runs each due job at its due time). A
   * clock move made inside still moves the clock's own time; the view ends with `work`.
   */
  runAt<T>(epochMs: number, work: () => T): T {
    const outer = this.pinnedMs;
    this.pinnedMs = epochMs;
    try {
      return work();
    } finally {
      this.pinnedMs = outer;
    }
  }

  /**
   * Real epoch milliseconds, untouched by clock moves: for what must follow elapsed time rather than
   * business time (access token lifetimes, see electron/api/token-clock.ts).
   */
  realTime(): number {
    return this.realNow();
  }

  /** Simulated time in the API's date-time form (RFC 3339, UTC, whole seconds). */
  nowIso(): string {
    return isoSeconds(this.now());
  }

  /** The offset `now()` adds to real time. */
  get offset(): number {
    return this.pending ?? this.offsetMs;
  }

  /** Moves simulated time forward by `ms`; the scheduler runs what fell due within the same transaction. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
    this.moveTo(this.offset + ms);
  }

  /** Moves simulated time to `epochMs` (not earlier than now). */
  setTo(epochMs: number): void {
    this.advance(epochMs - this.clockTime());
  }

  /** Back to real time: only the sandbox reset does this. */
  reset(): void {
    this.moveTo(0);
  }

  /**
   * Hears of each committed move, after its commit: the new time and the time before the transaction.
   * For what leaves the database (host events, notifications).
   */
  onMove(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hears of each move inside the transaction that makes it, right after the offset is written (`now()`
   * is already the new time). Its writes commit or roll back with the move; it must not touch anything
   * outside the database (use `onMove` for that). The scheduler runs the jobs that fell due here.
   */
  duringMove(listener: ClockListener): () => void {
    this.movers.add(listener);
    return () => this.movers.delete(listener);
  }

  private moveTo(offset: number): void {
    this.db.transaction(() => {
      const before = this.pending;
      const previous = this.clockTime();
      this.meta.set(OFFSET_KEY, String(offset));
      this.pending = offset;
      this.db.onRollback(() => {
        this.pending = before;
      });
      const now = this.clockTime();
      for (const listener of this.movers) listener(now, previous);
      this.db.afterCommit(() => this.settle());
    });
  }

  /** Applies the committed offset and tells the listeners; later moves of the same commit find it done. */
  private settle(): void {
    if (this.pending === undefined) return;
    const previous = this.realNow() + this.offsetMs;
    this.offsetMs = this.pending;
    this.pending = undefined;
    const now = this.now();
    for (const listener of this.listeners) listener(now, previous);
  }
}

/** RFC 3339 UTC with whole seconds, the form the API's date-time fields use. */
/** The last second formatted: a busy API stamps many resources within the same second. */
let lastSecond = Number.NaN;
let lastText = '';

export function isoSeconds(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== lastSecond) {
    lastText = new Date(second * 1000).toISOString().replace('.000Z', 'Z');
    lastSecond = second;
  }
  return lastText;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
