import type { JobRun } from '../../../scheduler.js';
import type { GroupDeps } from '../../group-deps.js';

/** The pause after a chunk, in real time, within these bounds. */
const MIN_GAP_MS = 1;
const MAX_GAP_MS = 100;
/** API traffic (answered requests a second) at which payouts give way to callers... */
const BUSY_REQUESTS_PER_SECOND = 200;
/**
 * ...keeping this share of the event loop for processing. Processing costs callers more than its share
 * (the garbage it leaves, a batch's first and last runs, the scheduler's own runs, the moments before
 * the load samples show a load that starts), and they must keep 70% of their throughput: on the
 * benchmark 0.3 left them 0.56 to 0.70 of it, 0.2 0.57 to 0.74, 0.15 0.86 to 0.92.
 */
const BUSY_SHARE = 0.15;
/**
 * Items in a chunk while the API is busy: a full chunk (500) holds the event loop some 25 ms on a quiet
 * machine and several times that on a loaded one, past what the longest pause (MAX_GAP_MS) makes up
 * for; a tenth of it keeps callers' waits short and the share within the pause's reach.
 */
const BUSY_CHUNK_ITEMS = 50;
/**
 * Requests answered in the pause between two chunks that show callers queued behind a chunk (a load of
 * several connections), not a poller's one request. The answered rate alone misses such a load when
 * the chunks themselves hold the loop: on a loaded machine they left callers under the busy rate, and
 * processing went on at full speed (order throughput 0.07 of the run without).
 */
const QUEUED_REQUESTS = 5;
/**
 * Below this rate in the last sample the load has ended (a poller's few requests a second stay under
 * it): the second's average still shows the load for up to a second after it, and processing would go
 * on yielding to callers who are gone (the first batch after an order load took 0.8 s longer).
 */
const ENDED_REQUESTS_PER_SECOND = BUSY_REQUESTS_PER_SECOND / 4;
/** How long callers seen queued keep the API busy (ms). */
const QUEUED_BUSY_MS = 1_000;
/** How many load samples (250 ms each) make "the last second". */
const SAMPLES = 4;
const SAMPLE_SECONDS = 0.25;
/** How often a job reschedules itself within one clock move before it goes on in real time. */
const MAX_RUNS_IN_MOVE = 10_000;

/**
 * When the next chunk of a chunked job runs (payout processing, unclaimed returns).
 *
 * - Within a clock move (the clock test helper), simulated time has passed: the next chunk is due right
 *   after this one, so the scheduler runs every chunk within the move, at the work's own due time (and
 *   what falls due 30 days later runs in the same move). A move is recognized by the clock's offset
 *   differing from the last committed one: the Clock answers a move's pending offset inside its
 *   transaction and tells `onMove` listeners once it commits.
 * - On the real-time path (the scheduler's tick, and this pacer's own wake-ups), the next chunk is due a
 *   pause later and the pacer runs the scheduler then; at most one chunk runs per turn of the event
 *   loop, so requests that arrived meanwhile are served between two chunks. The pause is a millisecond
 *   while the API is quiet (usually over by the time the chunk has committed: the next one then runs on
 *   the next turn, after the turn's I/O, and the CPU does not sit idle between chunks), and gives
 *   callers most of the loop while it is busy (the host's load gauge).
 */
export class ChunkPacer {
  /** The wake-up set: a timer, or an immediate for a time already reached; and its time (Date.now()). */
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private timerAt = 0;
  /** When (Date.now()) the jobs this pacer scheduled on the real-time path fall due. */
  private readonly wakeTimes = new Set<number>();
  private closed = false;
  /** How long the last chunk's commit took, and what ran once it committed (ms). */
  private commitMs = 0;
  /** Whether a chunk's work ran in the current turn of the event loop. */
  private ranThisTurn = false;
  private committedOffset: number;
  private readonly detach: () => void;
  /** Requests answered in each of the last load samples. */
  private readonly requestSamples: number[] = [];
  /** The requests answered by the end of the last chunk that has a next one (until that one runs). */
  private answeredAtChunkEnd: number | undefined;
  /** Until when (performance.now()) callers seen queued between two chunks keep the API busy. */
  private queuedUntil = -Infinity;

  constructor(private readonly deps: GroupDeps) {
    deps.webhooks.load.onSample((sample) => {
      this.requestSamples.push(sample.requests);
      if (this.requestSamples.length > SAMPLES) this.requestSamples.shift();
    });
    this.committedOffset = deps.clock.offset;
    this.detach = deps.clock.onMove(() => {
      this.committedOffset = deps.clock.offset;
    });
  }

  /** Whether a clock move is being made (its offset is written but not committed yet). */
  moving(): boolean {
    return this.deps.clock.offset !== this.committedOffset;
  }

  /**
   * True (and the job put back a moment later) when a chunk already ran in this turn on the real-time
   * path: the scheduler's loop came back to a chunked job before the event loop served anyone.
   */
  yieldFirst(kind: string, payload: object, key: string): boolean {
    if (this.moving() || !this.ranThisTurn) return false;
    this.scheduleAndWake(kind, payload, key, MIN_GAP_MS);
    return true;
  }

  /** Notes that a chunk's work runs in this turn of the event loop (see yieldFirst). */
  chunkRan(): void {
    if (this.ranThisTurn) return;
    const before = this.answeredAtChunkEnd;
    this.answeredAtChunkEnd = undefined;
    if (before !== undefined && this.deps.webhooks.load.answered - before >= QUEUED_REQUESTS)
      this.queuedUntil = performance.now() + QUEUED_BUSY_MS;
    this.ranThisTurn = true;
    setImmediate(() => {
      this.ranThisTurn = false;
    });
  }

  /**
   * The pause after a chunk that started at `started` (performance.now()), called at the end of its work.
   * The chunk's cost counts its commit too (and what runs once it commits: the notices of its hundreds of
   * changes), as the last chunk's took: this one's is not known before it commits.
   */
  pauseAfter(started: number): number {
    const end = performance.now();
    this.answeredAtChunkEnd = this.deps.webhooks.load.answered;
    this.deps.store.db.afterCommit(() => {
      this.commitMs = performance.now() - end;
    });
    if (!this.apiBusy()) return MIN_GAP_MS;
    const elapsed = end - started + this.commitMs;
    const gap = Math.ceil((elapsed * (1 - BUSY_SHARE)) / BUSY_SHARE);
    return Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, gap));
  }

  /** How many items the next chunk takes: `full` unless the API is busy (and never fewer within a move). */
  chunkItems(full: number): number {
    return !this.moving() && this.apiBusy() ? Math.min(full, BUSY_CHUNK_ITEMS) : full;
  }

  /**
   * Schedules the next run of a chunked job: within a clock move right after this one; otherwise `gapMs`
   * later, with the timer set to run it. `runs` counts the job's runs within the current move, so a job
   * that waits on something a move cannot finish goes on in real time instead of looping.
   */
  next(kind: string, payload: object, key: string, run: JobRun, gapMs: number, runs = 0): void {
    if (this.moving() && runs < MAX_RUNS_IN_MOVE) {
      this.deps.scheduler.schedule(kind, run.dueAt + 1, payload, key);
      return;
    }
    this.scheduleAndWake(kind, payload, key, gapMs);
  }

  /**
   * Schedules the job `gapMs` from now and, once that commits, a wake-up for when it is due: the time
   * the commit took counts towards the pause (a chunk's commit usually outlasts the quiet pause).
   */
  private scheduleAndWake(kind: string, payload: object, key: string, gapMs: number): void {
    // The pause is real time from the clock's own time: a chunk runs under its due time (the scheduler
    // pins it), and a pause counted from there would fall due at once, again and again.
    const dueAt = this.deps.clock.clockTime() + gapMs;
    this.deps.scheduler.schedule(kind, dueAt, payload, key);
    this.deps.store.db.afterCommit(() => this.wake(Math.min(gapMs, dueAt - this.deps.clock.clockTime())));
  }

  /**
   * Runs the scheduler's due jobs in `delayMs` (real time; at once, on the next turn of the event loop,
   * when it is not positive). Every wake-up asked for is kept until it has run: an earlier one does not
   * stand for a later one (a chunk put back by `yieldFirst` falls due after the wake-up its run had asked
   * for, and would otherwise wait for the scheduler's one-second tick).
   */
  wake(delayMs: number): void {
    if (this.closed) return;
    this.wakeTimes.add(Date.now() + delayMs);
    this.arm();
  }

  /** Sets the wake-up for the earliest time asked for, unless one is set for that time or earlier. */
  private arm(): void {
    let at = Infinity;
    for (const time of this.wakeTimes) at = Math.min(at, time);
    if (at === Infinity) return;
    if (this.timer || this.immediate) {
      if (this.timerAt <= at) return;
      this.disarm();
    }
    this.timerAt = at;
    const delay = at - Date.now();
    if (delay > 0) {
      this.timer = setTimeout(() => this.fire(), delay);
      this.timer.unref();
    } else {
      // After this turn's I/O: requests that arrived meanwhile are served first.
      this.immediate = setImmediate(() => this.fire());
      this.immediate.unref();
    }
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  private fire(): void {
    this.timer = undefined;
    this.immediate = undefined;
    if (this.closed) return;
    const now = Date.now();
    // Node starts a timer from the event loop's cached time, as old as the turn that set it (a whole
    // chunk's run): it can fire before Date.now() reaches its time, when the job is not due yet.
    if (this.timerAt > now) {
      this.arm();
      return;
    }
    for (const time of this.wakeTimes) if (time <= now) this.wakeTimes.delete(time);
    try {
      this.deps.scheduler.runDue();
    } catch (error) {
      this.deps.logger.error('payouts: running due jobs failed', error);
    }
    this.arm();
  }

  close(): void {
    this.closed = true;
    this.disarm();
    this.wakeTimes.clear();
    this.detach();
  }

  /**
   * Callers seen queued between two chunks within the last second, or API traffic over the last second,
   * or in the last sample alone (the load gauge is fed by every answered request): a load that starts
   * is seen in its first sample, not once it has lasted a second (meanwhile chunks run back to back,
   * and callers get a fraction of the loop). A last sample with almost no traffic ends it at once.
   */
  apiBusy(): boolean {
    if (performance.now() < this.queuedUntil) return true;
    const samples = this.requestSamples;
    if (samples.length === 0) return false;
    const requests = samples.reduce((sum, n) => sum + n, 0);
    const latest = (samples.at(-1) ?? 0) / SAMPLE_SECONDS;
    if (latest >= BUSY_REQUESTS_PER_SECOND) return true;
    return (
      latest >= ENDED_REQUESTS_PER_SECOND &&
      requests / (samples.length * SAMPLE_SECONDS) >= BUSY_REQUESTS_PER_SECOND
    );
  }
}
