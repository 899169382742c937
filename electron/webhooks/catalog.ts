import type { CatalogEventType } from '../../shared/webhooks/event-envelope.js';
import type { ResourceTransition } from '../api/transition-bus.js';
import type { AnyResource } from '../store/repositories/resources-repo.js';

/** What an event type needs to be listed, emitted and simulated. */
export interface EventTypeDefinition {
  name: string;
  description: string;
  /** `resource_type` of the envelope (`capture`, `checkout-order`, ...). */
  resourceType: string;
  /** Resource versions this implementation produces; the first is the default. */
  resourceVersions: readonly string[];
  /** The envelope's `summary` for a resource of this type. */
  summary(resource: Record<string, unknown>): string;
  /** A realistic resource for the simulator (fresh ids, links on the base URL). */
  sample(resourceVersion: string, context: SampleContext): Record<string, unknown>;
}

export interface SampleContext {
  baseUrl: string;
  /** Simulated time of the sample, epoch milliseconds. */
  now: number;
}

/** An event a transition produces, before it gets an id and an envelope. */
export interface EventDraft {
  eventType: string;
  /** The resource as the event shows it; not set when `snapshotOf` is. */
  resource?: Record<string, unknown>;
  /**
   * Instead of `resource`: the event shows the stored resource of this kind and of id `resourceId` as it
   * is when the event is made. The event row then keeps no copy of it: the kind's snapshot view (see
   * `addSnapshotView`) builds it from the resource's row when the event is read or delivered, and the
   * event's resource is written out before the row changes (electron/webhooks/event-snapshots.ts).
   */
  snapshotOf?: string;
  resourceId: string;
  appId: string;
  /** The envelope's `resource_version` when not the type's default (a v1 resource under a shared type: `1.0`). */
  resourceVersion?: string;
}

/** A stored resource as the events that show it show it (their `resource`), links on `baseUrl`. */
export type SnapshotView = (resource: AnyResource, baseUrl: string) => Record<string, unknown>;

/** Turns one resource transition into the events it reports (none for most). */
export type TransitionMapper = (transition: ResourceTransition, baseUrl: string) => EventDraft[];

/**
 * The registry of event types. Each API group adds its types (and the mapper from its transitions to
 * events) here; `GET /v1/notifications/webhooks-event-types` lists exactly what is registered, and a
 * `*` subscription receives every registered type, including ones registered after it was made.
 */
const NO_DRAFTS: readonly EventDraft[] = [];

export class EventCatalog {
  private readonly types = new Map<string, EventTypeDefinition>();
  private readonly mappers: TransitionMapper[] = [];
  private readonly snapshotViews = new Map<string, SnapshotView>();

  register(definition: EventTypeDefinition): void {
    if (this.types.has(definition.name)) throw new Error(`event type ${definition.name} registered twice`);
    this.types.set(definition.name, definition);
  }

  addMapper(mapper: TransitionMapper): void {
    this.mappers.push(mapper);
  }

  /** How the events that are snapshots of a resource kind (`EventDraft.snapshotOf`) show it. */
  addSnapshotView(kind: string, view: SnapshotView): void {
    if (this.snapshotViews.has(kind)) throw new Error(`snapshot view of ${kind} registered twice`);
    this.snapshotViews.set(kind, view);
  }

  snapshotView(kind: string): SnapshotView | undefined {
    return this.snapshotViews.get(kind);
  }

  get(name: string): EventTypeDefinition | undefined {
    return this.types.get(name);
  }

  has(name: string): boolean {
    return this.types.has(name);
  }

  list(): EventTypeDefinition[] {
    return [...this.types.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The catalog as the API shows it. */
  describe(): CatalogEventType[] {
    return this.list().map((t) => ({
      name: t.name,
      description: t.description,
      status: 'ENABLED',
      resource_type: t.resourceType,
      resource_versions: [...t.resourceVersions],
    }));
  }

  /** The events of a transition. Most mappers make none for most transitions: no list is built for them. */
  draftsFor(transition: ResourceTransition, baseUrl: string): readonly EventDraft[] {
    let drafts: readonly EventDraft[] | undefined;
    for (const mapper of this.mappers) {
      const made = mapper(transition, baseUrl);
      if (made.length === 0) continue;
      for (const draft of made)
        if (!this.types.has(draft.eventType)) throw new Error(`unregistered event type ${draft.eventType}`);
      drafts = drafts ? [...drafts, ...made] : made;
    }
    return drafts ?? NO_DRAFTS;
  }
}
