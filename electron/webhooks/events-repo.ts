import type { Database } from '../store/db.js';
import type { SnapshotRow } from './event-snapshots.js';
import { envelopeText } from './stored-envelope.js';

/** The envelope as stored (without head and links) of an event row, its snapshot built if it has one. */
export type StoredBodyOf = (row: SnapshotRow) => string;

/** Rows stored with their resource: what repositories without snapshots read. */
export const bodyAsStored: StoredBodyOf = (row) => row.body;

/**
 * One outbox event: the envelope exactly as delivered, plus the columns that queries need. `body` as read
 * is the whole envelope; as written, it may leave out the envelope's own links (see stored-envelope.ts).
 */
export interface StoredEvent {
  seq?: number;
  id: string;
  /** `null`: a mock event from the simulator (it belongs to no application). */
  app_id: string | null;
  event_type: string;
  resource_type: string;
  resource_id: string | null;
  create_ms: number;
  body: string;
  /** Set when `body` is stored without the envelope's head and links (see stored-envelope.ts). */
  links_base?: string | null;
  /** Set when the resource is a snapshot of a stored resource of this kind (see event-snapshots.ts). */
  resource_kind?: string | null;
}

export interface EventFilter {
  eventType?: string | undefined;
  resourceId?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

const INSERT_HEAD =
  'INSERT INTO webhook_events (id, app_id, event_type, resource_type, resource_id, create_ms, body, links_base, resource_kind)';

export class EventsRepository {
  constructor(
    private readonly db: Database,
    private readonly storedBody: StoredBodyOf = bodyAsStored,
  ) {}

  /** The event as read: the whole envelope in `body`. */
  whole(row: StoredEvent): StoredEvent {
    row.body = envelopeText({ ...row, body: this.storedBody(row) });
    delete row.links_base;
    delete row.resource_kind;
    return row;
  }

  private read(row: StoredEvent | undefined): StoredEvent | undefined {
    return row ? this.whole(row) : row;
  }

  insert(event: StoredEvent): void {
    this.db.insert(INSERT_HEAD, [
      event.id,
      event.app_id,
      event.event_type,
      event.resource_type,
      event.resource_id,
      event.create_ms,
      event.body,
      event.links_base ?? null,
      event.resource_kind ?? null,
    ]);
  }

  get(id: string): StoredEvent | undefined {
    return this.read(
      this.db.prepare('SELECT * FROM webhook_events WHERE id = ?').get(id) as StoredEvent | undefined,
    );
  }

  /** An event the app owns; undefined when it is missing or another app's (callers answer 404 alike). */
  owned(id: string, appId: string): StoredEvent | undefined {
    const event = this.get(id);
    return event?.app_id === appId ? event : undefined;
  }

  /** An app's events, newest first. */
  list(
    appId: string,
    filter: EventFilter,
    limit: number,
    offset: number,
  ): { items: StoredEvent[]; total: number } {
    const where = ['app_id = ?'];
    const args: (string | number)[] = [appId];
    if (filter.eventType) {
      where.push('event_type = ?');
      args.push(filter.eventType);
    }
    if (filter.resourceId) {
      where.push('resource_id = ?');
      args.push(filter.resourceId);
    }
    if (filter.fromMs !== undefined) {
      where.push('create_ms >= ?');
      args.push(filter.fromMs);
    }
    if (filter.toMs !== undefined) {
      where.push('create_ms <= ?');
      args.push(filter.toMs);
    }
    const clause = where.join(' AND ');
    const total = Number(
      (
        this.db.prepare(`SELECT COUNT(*) AS n FROM webhook_events WHERE ${clause}`).get(...args) as {
          n: number;
        }
      ).n,
    );
    const items = this.db
      .prepare(
        `SELECT * FROM webhook_events WHERE ${clause} ORDER BY create_ms DESC, seq DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, limit, offset) as unknown as StoredEvent[];
    for (const item of items) this.read(item);
    return { items, total };
  }

  count(): number {
    return Number((this.db.prepare('SELECT COUNT(*) AS n FROM webhook_events').get() as { n: number }).n);
  }

  deleteAll(): void {
    this.db.prepare('DELETE FROM webhook_events').run();
  }
}
