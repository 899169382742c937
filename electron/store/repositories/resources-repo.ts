import type { Database } from '../db.js';

export type ResourceKind = 'order' | 'authorization' | 'capture' | 'refund';

/**
 * A stored resource: `body` is what the API shows (without links, which depend on the request's base
 * URL), `internal` holds bookkeeping the API never shows (amounts in minor units, original times, ...).
 */
export interface StoredResource<B = Record<string, unknown>, I = Record<string, unknown>> {
  kind: ResourceKind;
  id: string;
  app_id: string | null;
  status: string;
  parent_id: string | null;
  order_id: string | null;
  create_time: string;
  update_time: string;
  body: B;
  internal: I;
}

export interface HistoryEntry {
  trigger: string;
  from_status: string | null;
  to_status: string;
  at: string;
  note: string | null;
}

interface ResourceRow {
  kind: ResourceKind;
  id: string;
  app_id: string | null;
  status: string;
  parent_id: string | null;
  order_id: string | null;
  create_time: string;
  update_time: string;
  body: string;
  internal: string;
}

function toResource<B, I>(row: ResourceRow): StoredResource<B, I> {
  return { ...row, body: JSON.parse(row.body) as B, internal: JSON.parse(row.internal) as I };
}

export class ResourcesRepository {
  constructor(private readonly store: Database) {}

  insert(resource: StoredResource<unknown, unknown>): void {
    this.store
      .prepare(
        `INSERT INTO resources (kind, id, app_id, status, parent_id, order_id, create_time, update_time, body, internal)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        resource.kind,
        resource.id,
        resource.app_id,
        resource.status,
        resource.parent_id,
        resource.order_id,
        resource.create_time,
        resource.update_time,
        JSON.stringify(resource.body),
        JSON.stringify(resource.internal),
      );
  }

  update(resource: StoredResource<unknown, unknown>): void {
    this.store
      .prepare(
        'UPDATE resources SET status = ?, update_time = ?, body = ?, internal = ? WHERE kind = ? AND id = ?',
      )
      .run(
        resource.status,
        resource.update_time,
        JSON.stringify(resource.body),
        JSON.stringify(resource.internal),
        resource.kind,
        resource.id,
      );
  }

  get<B, I>(kind: ResourceKind, id: string): StoredResource<B, I> | undefined {
    const row = this.store.prepare('SELECT * FROM resources WHERE kind = ? AND id = ?').get(kind, id) as
      ResourceRow | undefined;
    return row ? toResource<B, I>(row) : undefined;
  }

  byParent<B, I>(kind: ResourceKind, parentId: string): StoredResource<B, I>[] {
    return (
      this.store
        .prepare('SELECT * FROM resources WHERE kind = ? AND parent_id = ? ORDER BY create_time, rowid')
        .all(kind, parentId) as unknown as ResourceRow[]
    ).map((row) => toResource<B, I>(row));
  }

  byOrder<B, I>(kind: ResourceKind, orderId: string): StoredResource<B, I>[] {
    return (
      this.store
        .prepare('SELECT * FROM resources WHERE kind = ? AND order_id = ? ORDER BY create_time, rowid')
        .all(kind, orderId) as unknown as ResourceRow[]
    ).map((row) => toResource<B, I>(row));
  }

  /** Newest first, filtered by status, an id fragment or the order; for the workbench's tables. */
  list<B, I>(
    kind: ResourceKind,
    filter: { status?: string | undefined; search?: string | undefined; orderId?: string | undefined },
    limit: number,
    offset: number,
  ): { items: StoredResource<B, I>[]; total: number } {
    const where = ['kind = ?'];
    const args: (string | number)[] = [kind];
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    if (filter.search) {
      where.push("(id LIKE ? ESCAPE '\\' OR order_id LIKE ? ESCAPE '\\')");
      const like = `%${filter.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      args.push(like, like);
    }
    if (filter.orderId) {
      where.push('order_id = ?');
      args.push(filter.orderId);
    }
    const clause = where.join(' AND ');
    const total = Number(
      (
        this.store.prepare(`SELECT COUNT(*) AS n FROM resources WHERE ${clause}`).get(...args) as {
          n: number;
        }
      ).n,
    );
    const rows = this.store
      .prepare(
        `SELECT * FROM resources WHERE ${clause} ORDER BY create_time DESC, rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, limit, offset) as unknown as ResourceRow[];
    return { items: rows.map((row) => toResource<B, I>(row)), total };
  }

  count(kind: ResourceKind): number {
    return Number(
      (this.store.prepare('SELECT COUNT(*) AS n FROM resources WHERE kind = ?').get(kind) as { n: number }).n,
    );
  }

  recordTransition(kind: ResourceKind, id: string, entry: HistoryEntry): void {
    this.store
      .prepare(
        'INSERT INTO resource_history (kind, id, trigger, from_status, to_status, at, note) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(kind, id, entry.trigger, entry.from_status, entry.to_status, entry.at, entry.note);
  }

  history(kind: ResourceKind, id: string): HistoryEntry[] {
    return this.store
      .prepare(
        'SELECT trigger, from_status, to_status, at, note FROM resource_history WHERE kind = ? AND id = ? ORDER BY seq',
      )
      .all(kind, id) as unknown as HistoryEntry[];
  }

  deleteAll(): void {
    this.store.prepare('DELETE FROM resources').run();
    this.store.prepare('DELETE FROM resource_history').run();
  }
}
