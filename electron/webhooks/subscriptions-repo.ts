import type { Database } from '../store/db.js';

/** A webhook subscription as stored: the event type names it listens to (`*` = everything). */
export interface StoredWebhook {
  id: string;
  app_id: string;
  url: string;
  event_types: string[];
  create_time: string;
  update_time: string;
}

interface WebhookRow extends Omit<StoredWebhook, 'event_types'> {
  event_types: string;
}

const toWebhook = (row: WebhookRow): StoredWebhook => ({
  ...row,
  event_types: JSON.parse(row.event_types) as string[],
});

type MatchingRow = { seq: number; id: string; url: string };

/**
 * What the outbox's lookups answered within the open transaction: every event asks which subscriptions
 * listen to it, and a payout chunk makes 250 events of two or three types in one transaction. Kept only
 * while one transaction is open: inside it only this connection writes, and every write of a
 * subscription goes through this repository, which forgets the answers (and forgets them again if the
 * write is rolled back). Between two transactions another process may have changed the table, so the
 * answers go with the commit (or the rollback) of the transaction that read them.
 */
interface LookupMemo {
  lastSeq?: number;
  /** By app, then event type: the last page asked for (the outbox asks for the same one every time). */
  pages: Map<string, Map<string, MemoPage>>;
}

interface MemoPage {
  after: number;
  until: number;
  limit: number;
  rows: readonly MatchingRow[];
}

export class SubscriptionsRepository {
  private memo: LookupMemo | undefined;

  constructor(private readonly db: Database) {}

  insert(webhook: StoredWebhook): void {
    this.changed();
    this.db
      .prepare(
        'INSERT INTO webhooks (id, app_id, url, event_types, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        webhook.id,
        webhook.app_id,
        webhook.url,
        JSON.stringify(webhook.event_types),
        webhook.create_time,
        webhook.update_time,
      );
  }

  update(webhook: StoredWebhook): void {
    this.changed();
    this.db
      .prepare('UPDATE webhooks SET url = ?, event_types = ?, update_time = ? WHERE id = ?')
      .run(webhook.url, JSON.stringify(webhook.event_types), webhook.update_time, webhook.id);
  }

  delete(id: string): void {
    this.changed();
    this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id);
  }

  get(id: string): StoredWebhook | undefined {
    const row = this.db.prepare('SELECT * FROM webhooks WHERE id = ?').get(id) as WebhookRow | undefined;
    return row ? toWebhook(row) : undefined;
  }

  /** A webhook the app owns; undefined when it is missing or another app's (callers answer 404 alike). */
  owned(id: string, appId: string): StoredWebhook | undefined {
    const webhook = this.get(id);
    return webhook?.app_id === appId ? webhook : undefined;
  }

  byApp(appId: string): StoredWebhook[] {
    return (
      this.db
        .prepare('SELECT * FROM webhooks WHERE app_id = ? ORDER BY create_time, rowid')
        .all(appId) as unknown as WebhookRow[]
    ).map(toWebhook);
  }

  /** Every subscription of the apps that act for one merchant account (`anchor_type=ACCOUNT`). */
  byMerchant(merchantId: string): StoredWebhook[] {
    return (
      this.db
        .prepare(
          'SELECT w.* FROM webhooks w JOIN apps a ON a.id = w.app_id WHERE a.merchant_id = ? ORDER BY w.create_time, w.rowid',
        )
        .all(merchantId) as unknown as WebhookRow[]
    ).map(toWebhook);
  }

  byUrl(appId: string, url: string): StoredWebhook | undefined {
    const row = this.db.prepare('SELECT * FROM webhooks WHERE app_id = ? AND url = ?').get(appId, url) as
      WebhookRow | undefined;
    return row ? toWebhook(row) : undefined;
  }

  all(): StoredWebhook[] {
    return (
      this.db.prepare('SELECT * FROM webhooks ORDER BY create_time, rowid').all() as unknown as WebhookRow[]
    ).map(toWebhook);
  }

  /** How many subscriptions an app has (the platform allows 10). */
  countByApp(appId: string): number {
    const row = this.db.prepare('SELECT COUNT(*) AS n FROM webhooks WHERE app_id = ?').get(appId) as {
      n: number;
    };
    return Number(row.n);
  }

  /** The subscriptions of an app that listen to `eventType`, directly or through `*`. */
  matching(appId: string, eventType: string): StoredWebhook[] {
    return this.byApp(appId).filter((w) => w.event_types.includes('*') || w.event_types.includes(eventType));
  }

  /** The newest subscription's position: a fan-out goes to the subscriptions up to it. */
  lastSeq(): number {
    const memo = this.lookups();
    if (memo?.lastSeq !== undefined) return memo.lastSeq;
    const row = this.db.prepare('SELECT MAX(rowid) AS seq FROM webhooks').get() as { seq: number | null };
    const seq = Number(row.seq ?? 0);
    if (memo) memo.lastSeq = seq;
    return seq;
  }

  /**
   * One page of the subscriptions of an app that listen to `eventType` (directly or through `*`), in
   * the order they were made: those after position `after` up to `until`, at most `limit`. The outbox
   * walks them page by page, so one event never holds every subscription in memory at once.
   */
  matchingPage(
    appId: string,
    eventType: string,
    after: number,
    until: number,
    limit: number,
  ): readonly MatchingRow[] {
    const memo = this.lookups();
    const known = memo?.pages.get(appId)?.get(eventType);
    if (known && known.after === after && known.until === until && known.limit === limit) return known.rows;
    const rows = this.db
      .prepare(
        `SELECT rowid AS seq, id, url FROM webhooks
         WHERE app_id = ? AND rowid > ? AND rowid <= ?
           AND EXISTS (SELECT 1 FROM json_each(webhooks.event_types) WHERE value IN ('*', ?))
         ORDER BY rowid LIMIT ?`,
      )
      .all(appId, after, until, eventType, limit) as unknown as MatchingRow[];
    if (memo) {
      let byType = memo.pages.get(appId);
      if (!byType) memo.pages.set(appId, (byType = new Map()));
      byType.set(eventType, { after, until, limit, rows });
    }
    return rows;
  }

  /** The open transaction's memo of lookups (made on first use); none outside a transaction. */
  private lookups(): LookupMemo | undefined {
    if (this.memo) return this.memo;
    if (!this.db.inTransaction) return undefined;
    const memo: LookupMemo = { pages: new Map() };
    const forget = () => {
      if (this.memo === memo) this.memo = undefined;
    };
    this.db.afterCommit(forget);
    this.db.onRollback(forget);
    this.memo = memo;
    return memo;
  }

  /** A subscription is written: what the lookups answered no longer holds, nor if the write is undone. */
  private changed(): void {
    this.memo = undefined;
    this.db.onRollback(() => {
      this.memo = undefined;
    });
  }
}
