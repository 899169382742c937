import type { DeliveryStatus } from '../../shared/webhooks/delivery.js';
import type { Database } from '../store/db.js';
import { bodyAsStored, type StoredBodyOf } from './events-repo.js';
import { envelopeText } from './stored-envelope.js';

/** One event on its way to one subscription (or, for a mock event, to one URL). */
export interface DeliveryRow {
  id: string;
  event_id: string;
  webhook_id: string;
  url: string;
  mock: number;
  status: DeliveryStatus;
  attempt_count: number;
  max_attempts: number;
  /** Simulated time of the first attempt; retries are offsets from it. */
  anchor_ms: number;
  next_attempt_ms: number | null;
  create_ms: number;
  finish_ms: number | null;
}

/** A due delivery with what sending it needs: the exact bytes of its event. */
export interface DueDelivery extends DeliveryRow {
  body: string;
  event_type: string;
}

export interface AttemptRow {
  delivery_id: string;
  number: number;
  transmission_id: string;
  transmission_time: string;
  due_ms: number;
  attempt_ms: number;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface DeliveryFilter {
  /** Deliveries of this app's events and of mock events (which belong to no app). */
  appId?: string | undefined;
  eventId?: string | undefined;
  webhookId?: string | undefined;
  status?: DeliveryStatus | undefined;
}

export class DeliveriesRepository {
  constructor(
    private readonly db: Database,
    private readonly storedBody: StoredBodyOf = bodyAsStored,
  ) {}

  insert(row: DeliveryRow): void {
    this.db
      .prepare(
        `INSERT INTO webhook_deliveries (id, event_id, webhook_id, url, mock, status, attempt_count, max_attempts, anchor_ms, next_attempt_ms, create_ms, finish_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        row.id,
        row.event_id,
        row.webhook_id,
        row.url,
        row.mock,
        row.status,
        row.attempt_count,
        row.max_attempts,
        row.anchor_ms,
        row.next_attempt_ms,
        row.create_ms,
        row.finish_ms,
      );
  }

  get(id: string): DeliveryRow | undefined {
    return this.db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as
      DeliveryRow | undefined;
  }

  /**
   * Pending deliveries due at `now`, oldest due first, with their event's bytes. A delivery goes where its
   * subscription points when it is sent, not where it pointed when the event was queued: a receiver that
   * moved (the listener restarted on another port, a subscription's URL patched) gets its retries. A mock
   * delivery, which has no subscription, keeps its own URL.
   */
  due(now: number, limit: number): DueDelivery[] {
    const rows = this.db
      .prepare(
        `SELECT d.id, d.event_id, d.webhook_id, COALESCE(w.url, d.url) AS url, d.mock, d.status, d.attempt_count,
                d.max_attempts, d.anchor_ms, d.next_attempt_ms, d.create_ms, d.finish_ms,
                e.body AS body, e.links_base AS links_base, e.resource_type AS resource_type,
                e.create_ms AS event_create_ms, e.event_type AS event_type,
                e.resource_id AS resource_id, e.resource_kind AS resource_kind
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         LEFT JOIN webhooks w ON w.id = d.webhook_id AND d.mock = 0
         WHERE d.status = 'PENDING' AND d.next_attempt_ms <= ? ORDER BY d.next_attempt_ms, d.rowid LIMIT ?`,
      )
      .all(now, limit) as unknown as (DueDelivery & {
      links_base: string | null;
      resource_type: string;
      event_create_ms: number;
      resource_id: string | null;
      resource_kind: string | null;
    })[];
    return rows.map(
      ({ links_base, resource_type, event_create_ms, resource_id, resource_kind, ...delivery }) => ({
        ...delivery,
        body: envelopeText({
          id: delivery.event_id,
          resource_type,
          create_ms: event_create_ms,
          body: this.storedBody({
            resource_id,
            resource_kind,
            event_type: delivery.event_type,
            body: delivery.body,
            links_base,
          }),
          links_base,
        }),
      }),
    );
  }

  /** The earliest retry still ahead of `now` (what the scheduler's wake-up job is set to). */
  nextDueAfter(now: number): number | undefined {
    const row = this.db
      .prepare(
        `SELECT MIN(next_attempt_ms) AS due FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_ms > ?`,
      )
      .get(now) as { due: number | null };
    return row.due ?? undefined;
  }

  pendingFor(eventId: string, webhookId: string): DeliveryRow | undefined {
    return this.db
      .prepare(
        `SELECT * FROM webhook_deliveries WHERE event_id = ? AND webhook_id = ? AND status = 'PENDING'`,
      )
      .get(eventId, webhookId) as DeliveryRow | undefined;
  }

  insertAttempt(attempt: AttemptRow): void {
    this.db
      .prepare(
        `INSERT INTO webhook_attempts (delivery_id, number, transmission_id, transmission_time, due_ms, attempt_ms, status_code, latency_ms, response_excerpt, error)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        attempt.delivery_id,
        attempt.number,
        attempt.transmission_id,
        attempt.transmission_time,
        attempt.due_ms,
        attempt.attempt_ms,
        attempt.status_code,
        attempt.latency_ms,
        attempt.response_excerpt,
        attempt.error,
      );
  }

  /** After an attempt: the new count and either the next due time (PENDING) or the final status. */
  advance(
    id: string,
    attemptCount: number,
    status: DeliveryStatus,
    nextAttemptMs: number | null,
    finishMs: number | null,
  ): void {
    this.db
      .prepare(
        'UPDATE webhook_deliveries SET attempt_count = ?, status = ?, next_attempt_ms = ?, finish_ms = ? WHERE id = ?',
      )
      .run(attemptCount, status, nextAttemptMs, finishMs, id);
  }

  /** Stops every pending delivery to a deleted subscription; what was attempted stays on record. */
  cancelForWebhook(webhookId: string, now: number): number {
    return Number(
      this.db
        .prepare(
          `UPDATE webhook_deliveries SET status = 'CANCELLED', next_attempt_ms = NULL, finish_ms = ? WHERE webhook_id = ? AND status = 'PENDING'`,
        )
        .run(now, webhookId).changes,
    );
  }

  /** Deliveries newest first, with their event type. */
  list(filter: DeliveryFilter, limit: number): (DeliveryRow & { event_type: string })[] {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (filter.appId) {
      where.push('(e.app_id = ? OR e.app_id IS NULL)');
      args.push(filter.appId);
    }
    if (filter.eventId) {
      where.push('d.event_id = ?');
      args.push(filter.eventId);
    }
    if (filter.webhookId) {
      where.push('d.webhook_id = ?');
      args.push(filter.webhookId);
    }
    if (filter.status) {
      where.push('d.status = ?');
      args.push(filter.status);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return this.db
      .prepare(
        `SELECT d.*, e.event_type AS event_type FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id ${clause}
         ORDER BY d.create_ms DESC, d.rowid DESC LIMIT ?`,
      )
      .all(...args, limit) as unknown as (DeliveryRow & { event_type: string })[];
  }

  attempts(deliveryId: string): AttemptRow[] {
    return this.db
      .prepare('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY number')
      .all(deliveryId) as unknown as AttemptRow[];
  }

  countByStatus(): Record<DeliveryStatus, number> {
    const counts: Record<DeliveryStatus, number> = { PENDING: 0, DELIVERED: 0, FAILED: 0, CANCELLED: 0 };
    for (const row of this.db
      .prepare('SELECT status, COUNT(*) AS n FROM webhook_deliveries GROUP BY status')
      .all() as { status: DeliveryStatus; n: number }[]) {
      counts[row.status] = Number(row.n);
    }
    return counts;
  }

  deleteAll(): void {
    this.db.prepare('DELETE FROM webhook_attempts').run();
    this.db.prepare('DELETE FROM webhook_deliveries').run();
  }
}
