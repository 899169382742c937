import type { Store } from '../store/store.js';
import type { EventCatalog } from './catalog.js';
import { storedEnvelopeText } from './stored-envelope.js';

/** The columns of an event row that its stored envelope is made from. */
export interface SnapshotRow {
  resource_id: string | null;
  event_type: string;
  body: string;
  links_base?: string | null;
  /** Set when the event's resource is a snapshot of this kind of stored resource, not in `body`. */
  resource_kind?: string | null;
}

/**
 * Events whose resource is a stored resource as it was when the event was made (`EventDraft.snapshotOf`):
 * a payout batch makes 15,000 item events, each showing its item, which the item's own row already
 * holds. Such an event row keeps only its resource version (`body`) and the resource's kind and id; its
 * resource (and summary) are built from the resource's row by the kind's snapshot view whenever the
 * event is read, listed, delivered or resent, with the links on the base URL the event was made on. So
 * the envelope has the same bytes each time, as long as the row is unchanged: before a resource's row
 * changes, the events that show it get their resource written out as it is (`beforeUpdate`), and from
 * then on read like any other.
 */
export class EventSnapshots {
  constructor(
    private readonly store: Store,
    private readonly catalog: EventCatalog,
  ) {}

  /** What a snapshot event's row keeps in `body`: the envelope's resource version. */
  static body(resourceVersion: string): string {
    return JSON.stringify({ resource_version: resourceVersion });
  }

  /** The envelope as stored (without its head and links: see stored-envelope.ts) of an event row. */
  storedBody(row: SnapshotRow): string {
    return row.resource_kind ? this.build(row.resource_kind, row) : row.body;
  }

  /** Resource `kind` `id` is about to change: the events that show it as it is now keep it. */
  beforeUpdate(kind: string, id: string): void {
    if (!this.catalog.snapshotView(kind)) return;
    const db = this.store.db;
    const rows = db
      .prepare(
        'SELECT seq, resource_id, event_type, body, links_base FROM webhook_events WHERE resource_id = ? AND resource_kind = ?',
      )
      .all(id, kind) as unknown as (SnapshotRow & { seq: number })[];
    for (const row of rows)
      db.write('UPDATE webhook_events SET body = ?, resource_kind = NULL WHERE seq = ?').run(
        this.build(kind, row),
        row.seq,
      );
  }

  private build(kind: string, row: SnapshotRow): string {
    const view = this.catalog.snapshotView(kind);
    const type = this.catalog.get(row.event_type);
    const stored = row.resource_id === null ? undefined : this.store.resources.get(kind, row.resource_id);
    // Events go only with their resources (the sandbox reset): a missing one is a broken workspace.
    if (!view || !type || !stored)
      throw new Error(`the ${kind} ${row.resource_id ?? ''} of a ${row.event_type} event is missing`);
    const resource = view(stored, row.links_base ?? '');
    const { resource_version } = JSON.parse(row.body) as { resource_version: string };
    return storedEnvelopeText({
      resource_version,
      event_type: type.name,
      summary: type.summary(resource),
      resource,
    });
  }
}
