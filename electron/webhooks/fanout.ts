import type { ApiDeps } from '../api/deps.js';
import type { SubscriptionsRepository } from './subscriptions-repo.js';

/**
 * Deliveries an event's fan-out writes in one transaction: with the request that made the event (the
 * first page), then one page per event-loop turn. The platform allows 10 webhooks per application, so a
 * real fan-out is one page; a workspace with more (made before the limit, or by a tool) can no longer
 * make one capture write thousands of rows, and take the event loop, inside its request.
 */
export const FANOUT_PAGE = 100;

/** The meta key under which unfinished fan-outs are kept, so they survive a restart. */
const PENDING_META = 'webhooks.fanout.pending';

/** An event whose deliveries are still being written: the subscriptions after `after`, up to `until`. */
export interface PendingFanOut {
  event_id: string;
  app_id: string;
  event_type: string;
  after: number;
  until: number;
  max_attempts: number;
}

/** Writes the deliveries of one page (inside the caller's transaction); `first`: with the event. */
export type WritePage = (
  pending: PendingFanOut,
  targets: readonly { webhookId: string; url: string }[],
  first: boolean,
) => void;

/**
 * The rest of large fan-outs, written a page per turn of the event loop, each page in the commit group of
 * the requests of that turn (Database.grouped): requests keep being served in between. The unfinished
 * ones are in the workspace's meta table, written in the transaction that made the event, so a kill
 * loses none; `resume()` picks them up at start.
 */
export class DeferredFanOut {
  private scheduled = false;
  private paused = false;
  private running: Promise<void> | undefined;
  /** Pages written after their event's request, and their deliveries (tests and the benchmark read them). */
  readonly stats = { pages: 0, deliveries: 0 };

  constructor(
    private readonly deps: Pick<ApiDeps, 'store' | 'logger'>,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly writePage: WritePage,
  ) {}

  /**
   * Fans an event out to the subscriptions of its app that listen to its type: the first page now
   * (inside the caller's transaction), the rest later. Returns how many deliveries were written now.
   */
  start(pending: PendingFanOut): number {
    const { now, after } = this.writeNextPage(pending, true);
    // Most events of a busy app go to no subscription (a payout batch makes 15,000).
    if (now.length === 0) return 0;
    if (after !== undefined) {
      this.save({ ...this.load(), [pending.event_id]: { ...pending, after } });
      this.deps.store.db.afterCommit(() => this.wake());
    }
    return now.length;
  }

  /** Unfinished fan-outs (of an earlier run too) continue. */
  resume(): void {
    this.paused = false;
    this.wake();
  }

  /** Stops writing further pages until `resume()` (tests: what a request wrote by itself). */
  pause(): void {
    this.paused = true;
  }

  /** Stops writing pages and waits for the one being written (the host is closing). */
  async stop(): Promise<void> {
    this.paused = true;
    await this.running;
  }

  /** How many fan-outs are unfinished. */
  get pendingCount(): number {
    return Object.keys(this.load()).length;
  }

  /** The sandbox reset (inside its transaction): events go, so do their unfinished fan-outs. */
  reset(): void {
    this.save({});
  }

  /** Resolves once every unfinished fan-out is written (tests, benchmarks). */
  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.running || this.scheduled || (!this.paused && this.pendingCount > 0)) {
      if (Date.now() > deadline) throw new Error(`webhook fan-out still busy after ${timeoutMs} ms`);
      this.wake();
      await (this.running ?? new Promise((resolve) => setTimeout(resolve, 5)));
    }
  }

  private wake(): void {
    if (this.paused || this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.step();
    });
  }

  /** Writes one page of the oldest unfinished fan-out, then comes back on a later turn for the next. */
  private step(): void {
    if (this.paused || this.running || !this.deps.store.db.db.isOpen) return;
    let more = false;
    this.running = this.deps.store.db
      .grouped(() => {
        const all = this.load();
        const [id, pending] = Object.entries(all)[0] ?? [];
        if (!id || !pending) return;
        const { now, after } = this.writeNextPage(pending, false);
        const rest = { ...all };
        if (after !== undefined) rest[id] = { ...pending, after };
        else delete rest[id];
        this.save(rest);
        this.stats.pages++;
        this.stats.deliveries += now.length;
        more = Object.keys(rest).length > 0;
      })
      .catch((error: unknown) =>
        this.deps.logger.error('webhook fan-out: a page could not be written', error),
      )
      .finally(() => {
        this.running = undefined;
        if (more) this.wake();
      });
  }

  /**
   * Writes the next page of a fan-out's deliveries (`first`: inside the event's own request, where an
   * empty page writes nothing); `after` is where the page after it starts, when there is one.
   */
  private writeNextPage(
    pending: PendingFanOut,
    first: boolean,
  ): { now: { id: string; url: string }[]; after: number | undefined } {
    const page = this.subscriptions.matchingPage(
      pending.app_id,
      pending.event_type,
      pending.after,
      pending.until,
      FANOUT_PAGE + 1,
    );
    const now = page.slice(0, FANOUT_PAGE);
    if (now.length > 0 || !first)
      this.writePage(
        pending,
        now.map((w) => ({ webhookId: w.id, url: w.url })),
        first,
      );
    const last = now.at(-1);
    return { now, after: page.length > FANOUT_PAGE && last ? last.seq : undefined };
  }

  private load(): Record<string, PendingFanOut> {
    const text = this.deps.store.meta.get(PENDING_META);
    return text ? (JSON.parse(text) as Record<string, PendingFanOut>) : {};
  }

  private save(pending: Record<string, PendingFanOut>): void {
    this.deps.store.meta.set(PENDING_META, JSON.stringify(pending));
  }
}
