import { AUTH_ALGO, type DeliveryStatus } from '../../shared/webhooks/delivery.js';
import type { ApiDeps } from '../api/deps.js';
import { isoSeconds } from '../clock.js';
import type { SigningIdentity } from './cert.js';
import type { DeliveriesRepository, DeliveryRow, DueDelivery } from './deliveries-repo.js';
import { Poster, type PostOutcome } from './http-post.js';
import { announceOutboxChange } from './outbox-change.js';
import { nextAttemptAt } from './retry-schedule.js';
import { Signer } from './signer.js';
import { HEADERS, signedString } from './signing.js';
import { newTransmissionId } from './webhook-ids.js';

/** The scheduler job that wakes the worker when the earliest pending retry falls due. */
export const RETRY_JOB = 'webhooks.retry';

export interface DeliveryOptions {
  /** Longest wait for an answer (connect, send, read), real milliseconds. */
  timeoutMs: number;
  /** Attempts in flight at once, over all receivers, and to one URL. */
  concurrency: number;
  perUrlConcurrency: number;
  /** Share of the host's time deliveries may take while the API is under load. */
  busyShare: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  timeoutMs: 10_000,
  concurrency: 16,
  perUrlConcurrency: 8,
  busyShare: 0.02,
};

/** Whether the API is under load, and what the event loop did (see load-gauge.ts). */
export interface BusySignal {
  readonly busy: boolean;
  onSample?(listener: (sample: { requests: number; activeMs: number }) => void): void;
}

/** Due deliveries read per query; the worker keeps them queued in memory. */
const BATCH = 64;
const BURST_MS = 20;
const BUDGET_RECHECK_MS = 250;

export const USER_AGENT = 'Svc-Webhooks/1.0 (Payments Workbench sandbox)';

const isSuccess = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/**
 * Sends due deliveries: signs each attempt (spec 6.5, 6.6), POSTs the event's exact bytes, records the
 * attempt and decides what comes next (delivered, the next retry on the simulated clock, or failed
 * after the last attempt). Everything it needs is in the database, so a restart resumes where it was;
 * an attempt is only ever made for a PENDING delivery, and a 2xx makes it DELIVERED in the same
 * transaction that records the attempt, so a delivered event is never sent again.
 *
 * It runs beside the API, never inside a request: deliveries are woken after their transaction
 * commits, attempts are asynchronous, bounded in number and in time, so a slow or dead receiver holds
 * a few sockets and nothing else. While the API is under load, deliveries take at most a small share
 * of the host's time (the rest waits in the outbox) and drain at full speed once the load is gone.
 */
export class DeliveryWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly perUrl = new Map<string, number>();
  private readonly poster = new Poster();
  private readonly signer: Signer;
  /** Due deliveries read ahead, oldest due first. */
  private queue: DueDelivery[] = [];
  private running = false;
  private pumpQueued = false;
  private budgetTimer: NodeJS.Timeout | undefined;
  private tokensMs = BURST_MS;
  private lastRefill = performance.now();
  /**
   * Main-thread time one delivery costs (ms: HTTP both ways when the receiver is the local listener,
   * the bookkeeping; signing is off-thread), learnt from samples in which deliveries were the only work.
   */
  private costMs = 3;
  private completedInSample = 0;
  /** Attempts made since start (the benchmark and tests read it). */
  attemptsMade = 0;

  constructor(
    private readonly deps: ApiDeps,
    private readonly deliveries: DeliveriesRepository,
    private readonly identity: () => SigningIdentity,
    private readonly certUrl: () => string,
    private readonly options: DeliveryOptions = DEFAULT_DELIVERY_OPTIONS,
    private readonly load: BusySignal = { busy: false },
  ) {
    this.signer = new Signer(() => identity());
    load.onSample?.((sample) => {
      if (sample.requests === 0 && this.completedInSample >= 10) {
        this.costMs = this.costMs * 0.7 + (sample.activeMs / this.completedInSample) * 0.3;
      }
      this.completedInSample = 0;
    });
    deps.scheduler.register(RETRY_JOB, (_payload, run) => {
      this.scheduleNextRetry(run.now);
      deps.store.db.afterCommit(() => this.wake());
    });
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.deps.store.transaction(() => this.scheduleNextRetry(this.deps.clock.now()));
    this.wake();
  }

  /** Stops sending; attempts in flight are abandoned unrecorded (they count as not made: a restart makes them). */
  async stop(): Promise<void> {
    this.running = false;
    this.queue = [];
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.budgetTimer = undefined;
    this.poster.close();
    await this.signer.close();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Looks for due deliveries soon (after the current event-loop turn). */
  wake(): void {
    if (!this.running || this.pumpQueued || this.budgetTimer) return;
    this.pumpQueued = true;
    setImmediate(() => this.pump());
  }

  /** Resolves once nothing is in flight and nothing is due (tests, benchmarks). */
  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const quiet =
        this.inFlight.size === 0 && !this.pumpQueued && !this.budgetTimer && this.queue.length === 0;
      if (quiet && (!this.running || this.deliveries.due(this.deps.clock.now(), 1).length === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`webhook deliveries still busy after ${timeoutMs} ms`);
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private pump(): void {
    this.pumpQueued = false;
    if (!this.running || !this.deps.store.db.db.isOpen) return;
    const held: DueDelivery[] = [];
    while (this.inFlight.size < this.options.concurrency) {
      if (this.queue.length === 0) {
        this.queue = this.deliveries
          .due(this.deps.clock.now(), BATCH)
          .filter((d) => !this.inFlight.has(d.id));
        if (this.queue.length === 0) break;
      }
      const wait = this.budgetWait();
      if (wait > 0) {
        // Looked at again soon at the latest: once the load is gone, the backlog goes at full speed.
        this.budgetTimer = setTimeout(
          () => {
            this.budgetTimer = undefined;
            this.wake();
          },
          Math.min(Math.ceil(wait), BUDGET_RECHECK_MS),
        );
        break;
      }
      const next = this.queue.shift();
      if (!next) break;
      if ((this.perUrl.get(next.url) ?? 0) >= this.options.perUrlConcurrency) {
        held.push(next);
        if (this.queue.length === 0) break;
        continue;
      }
      // Read ahead may be stale (deleted subscription, a reset): only a still-pending, unchanged row goes.
      const current = this.deliveries.get(next.id);
      if (!current || current.status !== 'PENDING' || current.attempt_count !== next.attempt_count) continue;
      this.dispatch(next);
    }
    this.queue.unshift(...held);
  }

  /** While the API is busy, deliveries spend at most `busyShare` of the time; 0 means go now. */
  private budgetWait(): number {
    const now = performance.now();
    if (!this.load.busy) {
      this.tokensMs = BURST_MS;
      this.lastRefill = now;
      return 0;
    }
    this.tokensMs = Math.min(BURST_MS, this.tokensMs + (now - this.lastRefill) * this.options.busyShare);
    this.lastRefill = now;
    return this.tokensMs >= 0 ? 0 : -this.tokensMs / this.options.busyShare;
  }

  /** Charges one delivery to the budget (it only matters while the API is busy). */
  private charge(): void {
    this.tokensMs -= this.costMs;
  }

  private dispatch(delivery: DueDelivery): void {
    const attemptMs = this.deps.clock.now();
    const transmissionId = newTransmissionId();
    const transmissionTime = isoSeconds(attemptMs);
    const body = Buffer.from(delivery.body, 'utf8');
    const message = signedString(transmissionId, transmissionTime, delivery.webhook_id, body);
    this.perUrl.set(delivery.url, (this.perUrl.get(delivery.url) ?? 0) + 1);
    const work = this.signer
      .sign(message)
      .then((signature) => {
        if (!this.running) return;
        const headers = {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [HEADERS.transmissionId]: transmissionId,
          [HEADERS.transmissionTime]: transmissionTime,
          [HEADERS.certUrl]: this.certUrl(),
          [HEADERS.authAlgo]: AUTH_ALGO,
          [HEADERS.transmissionSig]: signature,
        };
        this.attemptsMade++;
        return this.poster.post(delivery.url, body, headers, this.options.timeoutMs).then((outcome) => {
          this.record(delivery, { transmissionId, transmissionTime, attemptMs }, outcome);
          this.completedInSample++;
        });
      })
      // A signature that could not be made (the host is stopping) is no attempt: the delivery stays due.
      .catch((error: unknown) => {
        if (this.running)
          this.deps.logger.error(
            `webhook delivery ${delivery.id} failed before its attempt was recorded`,
            error,
          );
      })
      .finally(() => {
        this.inFlight.delete(delivery.id);
        const left = (this.perUrl.get(delivery.url) ?? 1) - 1;
        if (left <= 0) this.perUrl.delete(delivery.url);
        else this.perUrl.set(delivery.url, left);
        this.wake();
      });
    this.inFlight.set(delivery.id, work);
    this.charge();
  }

  /** Records one attempt and moves the delivery on, in one transaction. */
  private record(
    delivery: DueDelivery,
    attempt: { transmissionId: string; transmissionTime: string; attemptMs: number },
    outcome: PostOutcome,
  ): void {
    if (!this.running || !this.deps.store.db.db.isOpen) return;
    this.deps.store.transaction(() => {
      const current = this.deliveries.get(delivery.id);
      // Gone (a reset) or already moved on: nothing to record against.
      if (!current || current.attempt_count !== delivery.attempt_count) return;
      const number = delivery.attempt_count + 1;
      this.deliveries.insertAttempt({
        delivery_id: delivery.id,
        number,
        transmission_id: attempt.transmissionId,
        transmission_time: attempt.transmissionTime,
        due_ms: delivery.next_attempt_ms ?? attempt.attemptMs,
        attempt_ms: attempt.attemptMs,
        status_code: outcome.statusCode,
        latency_ms: outcome.latencyMs,
        response_excerpt: outcome.responseExcerpt,
        error:
          outcome.error ??
          (isSuccess(outcome.statusCode) ? null : `HTTP ${outcome.statusCode ?? '?'} is not a 2xx answer`),
      });
      const now = this.deps.clock.now();
      const status = this.advance(delivery, current, number, outcome, now);
      this.scheduleNextRetry(now);
      announceOutboxChange(this.deps, {
        change: 'delivery-attempted',
        event_id: delivery.event_id,
        delivery_id: delivery.id,
        delivery_status: status,
      });
    });
  }

  /** Moves a delivery past its attempt `number`; returns its status now. */
  private advance(
    delivery: DueDelivery,
    current: DeliveryRow,
    number: number,
    outcome: PostOutcome,
    now: number,
  ): DeliveryStatus {
    if (current.status !== 'PENDING') {
      // Cancelled while in flight (its subscription was deleted): the attempt stays on record only.
      this.deliveries.advance(delivery.id, number, current.status, null, current.finish_ms);
      return current.status;
    }
    if (isSuccess(outcome.statusCode)) {
      this.deliveries.advance(delivery.id, number, 'DELIVERED', null, now);
      return 'DELIVERED';
    }
    const next = nextAttemptAt(delivery.anchor_ms, number, delivery.max_attempts);
    if (next === undefined) {
      this.deliveries.advance(delivery.id, number, 'FAILED', null, now);
      return 'FAILED';
    }
    this.deliveries.advance(delivery.id, number, 'PENDING', next, null);
    return 'PENDING';
  }

  /** Keeps one scheduler job at the earliest retry still ahead: moving the clock past it wakes us. */
  private scheduleNextRetry(now: number): void {
    const next = this.deliveries.nextDueAfter(now);
    if (next === undefined) this.deps.scheduler.cancel(RETRY_JOB);
    else this.deps.scheduler.schedule(RETRY_JOB, next, {}, RETRY_JOB);
  }
}
