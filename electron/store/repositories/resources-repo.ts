import type { HistoryEntry } from '../../../shared/bridge.js';
import type { Database } from '../db.js';
import {
  NEWEST_FIRST,
  orderBy,
  resourceStatement,
  type ResourceQuery,
  type ResourceSort,
} from './resource-query.js';

/** A resource kind some API group registered (the store knows none of them). */
export type ResourceKind = string;

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
  /** The resource its lineage starts at (an order for its payments); a root names itself. */
  root_id: string | null;
  create_time: string;
  update_time: string;
  body: B;
  internal: I;
}

/** Any stored resource, whatever its body and internal types (a group's `StoredPlan`, ...). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = StoredResource<any, any>;

/** A row of a resource's history, stored as the bridge shows it to the renderer. */
export type { HistoryEntry };

/** A resource as its table row holds it: `body` and `internal` as JSON text. */
export type ResourceRow = Omit<StoredResource, 'body' | 'internal'> & { body: string; internal: string };

/**
 * How a kind keeps its `body` and `internal` in its row when plain JSON would repeat what the row's
 * columns or the rest of the resource already say (a payout item: 15,000 rows a batch). The form is the
 * kind's group's to define; the repository only asks it. A row it encoded has an empty `internal` text
 * (plain JSON is never empty), so rows written before a kind had a form, or that the form declined,
 * read back as they always did.
 */
export interface StoredForm {
  /** The row's `body` text, everything of `body` and `internal` in it; undefined: keep it as plain JSON. */
  encode(resource: StoredResource<unknown, unknown>): string | undefined;
  /** `body` and `internal` again, exactly as they were encoded, from the row's columns and its `body` text. */
  decode(row: ResourceRow): { body: unknown; internal: unknown };
}

/** Where a page of {@link ResourcesRepository.seek} ended: the last row's creation time and row id. */
export interface SeekCursor {
  createTime: string;
  rowid: number;
}

/** The columns of a stored resource; how it was created is read only with its history. */
const COLUMNS = 'kind, id, app_id, status, parent_id, root_id, create_time, update_time, body, internal';
// Built once: a template literal in the call would make a new string, hashed again for the statement
// cache, on every request.
const INSERT_HEAD = `INSERT INTO resources (${COLUMNS}, created_by, created_status)`;
const GET_SQL = `SELECT ${COLUMNS} FROM resources WHERE kind = ? AND id = ?`;
// A lineage: the root itself (found by its key), then its descendants through the partial index, whose
// condition (`root_id <> id`) the query repeats so SQLite can use it (migration 005).
const ROOT_SQL = `SELECT ${COLUMNS} FROM resources WHERE kind = ? AND id = ? AND root_id = id`;
const DESCENDANTS_SQL = `SELECT ${COLUMNS} FROM resources WHERE kind = ? AND root_id = ? AND root_id <> id
  ORDER BY create_time, rowid`;

/** Told of a resource's update before its row changes (its row still holds the state before it). */
export type BeforeUpdate = (kind: ResourceKind, id: string) => void;

export class ResourcesRepository {
  private readonly beforeUpdate: BeforeUpdate[] = [];
  private readonly forms = new Map<ResourceKind, StoredForm>();

  constructor(private readonly store: Database) {}

  /** Keeps the resources of `kind` in their row as `form` encodes them (registered once, at start). */
  useStoredForm(kind: ResourceKind, form: StoredForm): void {
    if (this.forms.has(kind)) throw new Error(`resource kind ${kind} has a stored form already`);
    this.forms.set(kind, form);
  }

  /** The row's `body` and `internal` texts of a resource: its kind's stored form, or plain JSON. */
  private texts(resource: StoredResource<unknown, unknown>): [body: string, internal: string] {
    const encoded = this.forms.get(resource.kind)?.encode(resource);
    return encoded === undefined
      ? [JSON.stringify(resource.body), JSON.stringify(resource.internal)]
      : [encoded, ''];
  }

  private toResource<B, I>(row: ResourceRow): StoredResource<B, I> {
    const form = row.internal === '' ? this.forms.get(row.kind) : undefined;
    if (form) {
      const { body, internal } = form.decode(row) as { body: B; internal: I };
      return { ...row, body, internal };
    }
    return { ...row, body: JSON.parse(row.body) as B, internal: JSON.parse(row.internal) as I };
  }

  /**
   * Calls `listener` before every update of a resource, inside the update's transaction: for what keeps
   * a reference to a resource's stored state and must copy it before it changes (event snapshots).
   */
  onBeforeUpdate(listener: BeforeUpdate): void {
    this.beforeUpdate.push(listener);
  }

  /**
   * A new resource. How it was created (`createdBy`, the trigger, and its first status) is kept on the
   * row as the first entry of its history: one write instead of a row and an index entry elsewhere.
   */
  insert(resource: StoredResource<unknown, unknown>, createdBy: string): void {
    const [body, internal] = this.texts(resource);
    this.store.insert(INSERT_HEAD, [
      resource.kind,
      resource.id,
      resource.app_id,
      resource.status,
      resource.parent_id,
      resource.root_id,
      resource.create_time,
      resource.update_time,
      body,
      internal,
      createdBy,
      resource.status,
    ]);
  }

  /** A resource's new state, with the history entry that explains it. */
  update(resource: StoredResource<unknown, unknown>, entry: HistoryEntry): void {
    for (const listener of this.beforeUpdate) listener(resource.kind, resource.id);
    const [body, internal] = this.texts(resource);
    this.store
      .write(
        'UPDATE resources SET status = ?, update_time = ?, body = ?, internal = ? WHERE kind = ? AND id = ?',
      )
      .run(resource.status, resource.update_time, body, internal, resource.kind, resource.id);
    this.store
      .write(
        'INSERT INTO resource_history (kind, id, trigger, from_status, to_status, at, note) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        resource.kind,
        resource.id,
        entry.trigger,
        entry.from_status,
        entry.to_status,
        entry.at,
        entry.note,
      );
  }

  get<B, I>(kind: ResourceKind, id: string): StoredResource<B, I> | undefined {
    const row = this.store.prepare(GET_SQL).get(kind, id) as ResourceRow | undefined;
    return row ? this.toResource<B, I>(row) : undefined;
  }

  /**
   * Every resource of `kind` in the lineage that starts at `rootId`, oldest first: the root itself when
   * it is of that kind, else its descendants of that kind.
   */
  byRoot<B, I>(kind: ResourceKind, rootId: string): StoredResource<B, I>[] {
    const root = this.store.prepare(ROOT_SQL).get(kind, rootId) as ResourceRow | undefined;
    if (root) return [this.toResource<B, I>(root)];
    return (this.store.prepare(DESCENDANTS_SQL).all(kind, rootId) as unknown as ResourceRow[]).map((row) =>
      this.toResource<B, I>(row),
    );
  }

  /**
   * Filtered by status, an id fragment or the lineage's root, newest first unless `sort` says otherwise
   * (insertion order breaks ties, so paging is stable); for the workbench's tables.
   */
  list<B, I>(
    kind: ResourceKind,
    filter: { status?: string | undefined; search?: string | undefined; rootId?: string | undefined },
    limit: number,
    offset: number,
    sort: ResourceSort = NEWEST_FIRST,
  ): { items: StoredResource<B, I>[]; total: number } {
    const where = ['kind = ?'];
    const args: (string | number)[] = [kind];
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    if (filter.search) {
      where.push("(id LIKE ? ESCAPE '\\' OR root_id LIKE ? ESCAPE '\\')");
      const like = `%${filter.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      args.push(like, like);
    }
    if (filter.rootId) {
      // The root by its key, its descendants through the partial index (see byRoot).
      where.push('((id = ? AND root_id = id) OR (root_id = ? AND root_id <> id))');
      args.push(filter.rootId, filter.rootId);
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
      .prepare(`SELECT ${COLUMNS} FROM resources WHERE ${clause} ${orderBy(sort)} LIMIT ? OFFSET ?`)
      .all(...args, limit, offset) as unknown as ResourceRow[];
    return { items: rows.map((row) => this.toResource<B, I>(row)), total };
  }

  /**
   * One page of what a query finds, newest first, after the `after` cursor (keyset paging: a page costs
   * the same wherever it is in the list). Returns the cursor of the next page when a further page exists.
   */
  seek<R extends AnyResource = StoredResource>(
    query: ResourceQuery,
    limit: number,
    after?: SeekCursor,
  ): { items: R[]; next: SeekCursor | undefined } {
    const statement = resourceStatement({ ...query, sort: NEWEST_FIRST });
    const where = [statement.where];
    const args = [...statement.args];
    if (after) {
      where.push('(create_time < ? OR (create_time = ? AND rowid < ?))');
      args.push(after.createTime, after.createTime, after.rowid);
    }
    // A lineage is small and its rows are found by the root's index; left to itself, the planner walks
    // the kind's time index for the ORDER BY instead and filters the whole kind (100,000 disputes).
    const index = query.descendantsOf !== undefined ? 'INDEXED BY resources_by_root' : '';
    const rows = this.store
      .prepare(
        `SELECT rowid, ${COLUMNS} FROM resources ${index} WHERE ${where.join(' AND ')} ${statement.orderBy} LIMIT ?`,
      )
      .all(...args, limit + 1) as unknown as (ResourceRow & { rowid: number })[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const next =
      rows.length > limit && last ? { createTime: last.create_time, rowid: Number(last.rowid) } : undefined;
    return {
      items: page.map(({ rowid: _rowid, ...row }) => this.toResource(row) as R),
      next,
    };
  }

  /** A resource the app owns; undefined when it is missing or another app's (callers answer 404 alike). */
  owned<R extends AnyResource = StoredResource>(
    kind: ResourceKind,
    id: string,
    appId: string,
  ): R | undefined {
    const found = this.get<unknown, unknown>(kind, id);
    return found && found.app_id === appId ? (found as R) : undefined;
  }

  /**
   * The resources a query asks for, in its order; `limit` and `offset` take a page of them. `R` names
   * the group's stored type (`StoredPlan`): the query's kind decides what the rows are.
   */
  find<R extends AnyResource = StoredResource>(query: ResourceQuery, limit = -1, offset = 0): R[] {
    const { where, args, orderBy: order } = resourceStatement(query);
    return (
      this.store
        .prepare(`SELECT ${COLUMNS} FROM resources WHERE ${where} ${order} LIMIT ? OFFSET ?`)
        .all(...args, limit, offset) as unknown as ResourceRow[]
    ).map((row) => this.toResource(row) as R);
  }

  /** The first resource a query finds (a lookup by a member such as a buyer's token). */
  findOne<R extends AnyResource = StoredResource>(query: ResourceQuery): R | undefined {
    return this.find<R>(query, 1)[0];
  }

  /** Only the ids, in the query's order: for lists that page or cut them before reading the resources. */
  ids(query: ResourceQuery): string[] {
    const { where, args, orderBy: order } = resourceStatement(query);
    return (
      this.store.prepare(`SELECT id FROM resources WHERE ${where} ${order}`).all(...args) as { id: string }[]
    ).map((row) => row.id);
  }

  /** A page of what a query finds, with how many it finds in all. */
  page<R extends AnyResource = StoredResource>(
    query: ResourceQuery,
    limit: number,
    offset: number,
  ): { items: R[]; total: number } {
    const { where, args } = resourceStatement(query);
    const counted = this.store.prepare(`SELECT COUNT(*) AS n FROM resources WHERE ${where}`).get(...args);
    return { items: this.find<R>(query, limit, offset), total: Number((counted as { n: number }).n) };
  }

  count(kind: ResourceKind): number {
    return Number(
      (this.store.prepare('SELECT COUNT(*) AS n FROM resources WHERE kind = ?').get(kind) as { n: number }).n,
    );
  }

  /** The creation, then every transition, oldest first; empty for an unknown resource. */
  history(kind: ResourceKind, id: string): HistoryEntry[] {
    const row = this.store
      .prepare('SELECT created_by, created_status, create_time FROM resources WHERE kind = ? AND id = ?')
      .get(kind, id) as
      { created_by: string | null; created_status: string | null; create_time: string } | undefined;
    if (!row) return [];
    const later = this.store
      .prepare(
        'SELECT trigger, from_status, to_status, at, note FROM resource_history WHERE kind = ? AND id = ? ORDER BY seq',
      )
      .all(kind, id) as unknown as HistoryEntry[];
    if (row.created_by === null || row.created_status === null) return later;
    const creation: HistoryEntry = {
      trigger: row.created_by,
      from_status: null,
      to_status: row.created_status,
      at: row.create_time,
      note: null,
    };
    return [creation, ...later];
  }

  deleteAll(): void {
    this.store.write('DELETE FROM resources').run();
    this.store.write('DELETE FROM resource_history').run();
  }
}
