import { MOCK_WEBHOOK_ID } from '../../shared/webhooks/delivery.js';
import type { ApiDeps } from '../api/deps.js';
import type { ResourceTransition } from '../api/transition-bus.js';
import type { EventCatalog, EventDraft } from './catalog.js';
import type { DeliveriesRepository } from './deliveries-repo.js';
import type { EventsRepository, StoredEvent } from './events-repo.js';
import { DeferredFanOut, type PendingFanOut } from './fanout.js';
import { announceOutboxChange } from './outbox-change.js';
import { EventSnapshots } from './event-snapshots.js';
import { storedEnvelopeText } from './stored-envelope.js';
import { MAX_ATTEMPTS } from './retry-schedule.js';
import type { SubscriptionsRepository } from './subscriptions-repo.js';
import { newDeliveryId, newEventId } from './webhook-ids.js';

/** Where a delivery goes. */
export interface DeliveryTarget {
  webhookId: string;
  url: string;
}

export interface OutboxHooks {
  /** The API's public base URL: links in events, the cert URL. */
  baseUrl(): string;
  /** Called after the commit that queued deliveries. */
  wake(): void;
}

export { EVENT_VERSION, eventLinks } from './stored-envelope.js';

/**
 * The outbox: every transition that reports an event writes the event and its deliveries INSIDE the
 * transaction of the change (the transition bus calls us there), so an event exists exactly when its
 * change committed. The deliveries go to every matching subscription, a page at a time: the first page
 * with the event, any further pages on later turns of the event loop (see fanout.ts), so the work one
 * transition does in its request is bounded however many subscriptions there are. Nothing is sent from
 * here: the delivery worker is woken after the commit.
 */
export class EventOutbox {
  /** The fan-out of events to more subscriptions than one page holds. */
  readonly fanout: DeferredFanOut;

  constructor(
    private readonly deps: ApiDeps,
    private readonly catalog: EventCatalog,
    private readonly events: EventsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly hooks: OutboxHooks,
  ) {
    this.fanout = new DeferredFanOut(deps, subscriptions, (pending, targets, first) =>
      this.writePage(pending, targets, first),
    );
  }

  /** Subscribes to every resource transition; returns the unsubscribe function. */
  attach(): () => void {
    return this.deps.transitions.subscribe((transition) => this.onTransition(transition));
  }

  onTransition(transition: ResourceTransition): void {
    for (const draft of this.catalog.draftsFor(transition, this.hooks.baseUrl())) this.publish(draft);
  }

  /**
   * Writes an app's event and queues it to each of the app's subscriptions that listen to its type (the
   * subscriptions that exist now: one made while the fan-out is under way does not get it).
   */
  record(draft: EventDraft): StoredEvent {
    return this.events.whole(this.publish(draft));
  }

  /** `record`, answering the event as stored (a snapshot's resource is not built for it). */
  private publish(draft: EventDraft): StoredEvent {
    const event = this.write(
      draft.eventType,
      draft.snapshotOf ?? draft.resource ?? {},
      draft.resourceId,
      draft.appId,
      [],
      MAX_ATTEMPTS,
      draft.resourceVersion,
    );
    this.fanout.start({
      event_id: event.id,
      app_id: draft.appId,
      event_type: draft.eventType,
      after: 0,
      until: this.subscriptions.lastSeq(),
      max_attempts: MAX_ATTEMPTS,
    });
    return event;
  }

  /** A mock event of the simulator: no application, webhook id `WEBHOOK_ID`, one attempt. */
  recordMock(
    eventType: string,
    resourceVersion: string,
    resource: Record<string, unknown>,
    url: string,
  ): StoredEvent {
    return this.events.whole(
      this.write(
        eventType,
        resource,
        String(resource.id ?? '') || null,
        null,
        [{ webhookId: MOCK_WEBHOOK_ID, url }],
        1,
        resourceVersion,
      ),
    );
  }

  /** Queues an existing event again (resend); returns the deliveries made. */
  enqueue(event: StoredEvent, targets: DeliveryTarget[]): string[] {
    const now = this.deps.clock.now();
    const ids = targets.map((target) => this.insertDelivery(event.id, target, now, MAX_ATTEMPTS));
    if (ids.length > 0) {
      announceOutboxChange(this.deps, { change: 'event-queued', event_id: event.id });
      this.deps.store.db.afterCommit(() => this.hooks.wake());
    }
    return ids;
  }

  /**
   * Writes an event (and deliveries to `targets`), answering it as stored. `resource` is what the event
   * shows, or the kind of stored resource `resourceId` whose snapshot it is (see event-snapshots.ts).
   */
  private write(
    eventType: string,
    resource: Record<string, unknown> | string,
    resourceId: string | null,
    appId: string | null,
    targets: DeliveryTarget[],
    maxAttempts: number,
    resourceVersion?: string,
  ): StoredEvent {
    const type = this.catalog.get(eventType);
    if (!type) throw new Error(`unregistered event type ${eventType}`);
    const now = this.deps.clock.now();
    const id = newEventId();
    const version = resourceVersion ?? type.resourceVersions[0] ?? '2.0';
    const snapshotOf = typeof resource === 'string' ? resource : null;
    const stored =
      typeof resource === 'string'
        ? EventSnapshots.body(version)
        : storedEnvelopeText({
            resource_version: version,
            event_type: type.name,
            summary: type.summary(resource),
            resource,
          });
    const linksBase = this.hooks.baseUrl();
    const event: StoredEvent = {
      id,
      app_id: appId,
      event_type: eventType,
      resource_type: type.resourceType,
      resource_id: resourceId,
      create_ms: now,
      body: stored,
      links_base: linksBase,
      resource_kind: snapshotOf,
    };
    this.events.insert(event);
    for (const target of targets) this.insertDelivery(id, target, now, maxAttempts, appId === null);
    announceOutboxChange(this.deps, { change: 'event-created', event_id: id });
    if (targets.length > 0) this.deps.store.db.afterCommit(() => this.hooks.wake());
    return event;
  }

  /** One page of an event's fan-out (inside the caller's transaction); later pages are announced. */
  private writePage(pending: PendingFanOut, targets: readonly DeliveryTarget[], first: boolean): void {
    if (targets.length === 0) return;
    const now = this.deps.clock.now();
    for (const target of targets) this.insertDelivery(pending.event_id, target, now, pending.max_attempts);
    if (!first) announceOutboxChange(this.deps, { change: 'event-queued', event_id: pending.event_id });
    this.deps.store.db.afterCommit(() => this.hooks.wake());
  }

  private insertDelivery(
    eventId: string,
    target: DeliveryTarget,
    now: number,
    maxAttempts: number,
    mock = false,
  ): string {
    const id = newDeliveryId();
    this.deliveries.insert({
      id,
      event_id: eventId,
      webhook_id: target.webhookId,
      url: target.url,
      mock: mock ? 1 : 0,
      status: 'PENDING',
      attempt_count: 0,
      max_attempts: maxAttempts,
      anchor_ms: now,
      next_attempt_ms: now,
      create_ms: now,
      finish_ms: null,
    });
    return id;
  }
}
