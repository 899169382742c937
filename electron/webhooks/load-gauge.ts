import { performance } from 'node:perf_hooks';

const SAMPLE_MS = 250;
const WINDOW_SAMPLES = 4;
/** Sustained API traffic: at least this many requests a second over the last second... */
export const BUSY_REQUESTS_PER_SECOND = 20;
/** ...while the event loop was busy at least this share of the time. */
export const BUSY_LOOP_SHARE = 0.6;

/**
 * Is the API under load right now? Deliveries share the host's one event loop with the API; this
 * gauge lets them yield to it: busy means sustained API traffic (the pipeline counts completed
 * requests) AND a busy event loop, over the last second. Deliveries alone never make it busy, so a
 * backlog drains at full speed once the load is gone.
 */
export interface LoadSample {
  /** API requests answered in the sample. */
  requests: number;
  /** Share of the sample the event loop was busy, and that time in milliseconds. */
  utilization: number;
  activeMs: number;
}

export class LoadGauge {
  private completed = 0;
  private answeredTotal = 0;
  private readonly samples: LoadSample[] = [];
  private readonly listeners: ((sample: LoadSample) => void)[] = [];
  private last = performance.eventLoopUtilization();
  private timer: NodeJS.Timeout | undefined;

  /** One API request answered. */
  requestDone(): void {
    this.completed++;
    this.answeredTotal++;
  }

  /** API requests answered since the host started (work that yields compares two readings). */
  get answered(): number {
    return this.answeredTotal;
  }

  start(): void {
    if (this.timer) return;
    this.last = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Called after every sample (the delivery worker learns what a delivery costs from idle-API samples). */
  onSample(listener: (sample: LoadSample) => void): void {
    this.listeners.push(listener);
  }

  get busy(): boolean {
    if (this.samples.length === 0) return false;
    const seconds = (this.samples.length * SAMPLE_MS) / 1000;
    const rate = this.samples.reduce((n, s) => n + s.requests, 0) / seconds;
    const utilization = this.samples.reduce((n, s) => n + s.utilization, 0) / this.samples.length;
    return rate >= BUSY_REQUESTS_PER_SECOND && utilization >= BUSY_LOOP_SHARE;
  }

  private sample(): void {
    const now = performance.eventLoopUtilization();
    const { utilization, active } = performance.eventLoopUtilization(now, this.last);
    this.last = now;
    const sample = { requests: this.completed, utilization, activeMs: active };
    this.samples.push(sample);
    this.completed = 0;
    if (this.samples.length > WINDOW_SAMPLES) this.samples.shift();
    for (const listener of this.listeners) listener(sample);
  }
}
