import type { MetaRepository } from './store/repositories/meta-repo.js';

const OFFSET_KEY = 'clock.offset_ms';

export type ClockListener = (now: number, previous: number) => void;

/**
 * The one source of time: real time plus an offset the user can advance. The offset is persisted, so a
 * restarted workspace keeps its simulated date. Time never moves backwards except on a sandbox reset.
 */
export class Clock {
  private offsetMs: number;
  private readonly listeners = new Set<ClockListener>();

  constructor(
    private readonly meta: MetaRepository,
    private readonly realNow: () => number = Date.now,
  ) {
    this.offsetMs = Number(meta.get(OFFSET_KEY) ?? 0);
  }

  /** Simulated epoch milliseconds. */
  now(): number {
    return this.realNow() + this.offsetMs;
  }

  /** Simulated time in the API's date-time form (RFC 3339, UTC, whole seconds). */
  nowIso(): string {
    return isoSeconds(this.now());
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Moves simulated time forward by `ms`; listeners (the scheduler) run what fell due. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
    const previous = this.now();
    this.offsetMs += ms;
    this.meta.set(OFFSET_KEY, String(this.offsetMs));
    this.notify(previous);
  }

  /** Moves simulated time to `epochMs` (not earlier than now). */
  setTo(epochMs: number): void {
    this.advance(epochMs - this.now());
  }

  /** Back to real time: only the sandbox reset does this. */
  reset(): void {
    const previous = this.now();
    this.offsetMs = 0;
    this.meta.set(OFFSET_KEY, '0');
    this.notify(previous);
  }

  onMove(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(previous: number): void {
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
