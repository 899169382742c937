import { WILDCARD_EVENT_TYPE } from '../../shared/webhooks/event-envelope.js';
import type { ApiDeps } from '../api/deps.js';
import type { App } from '../store/repositories/apps-repo.js';
import { CertificateCache } from './cert-cache.js';
import { CertificateStore } from './cert.js';
import { EventCatalog } from './catalog.js';
import { EventSnapshots, type SnapshotRow } from './event-snapshots.js';
import { DEFAULT_DELIVERY_OPTIONS, DeliveryWorker, RETRY_JOB, type DeliveryOptions } from './delivery.js';
import { DeliveriesRepository } from './deliveries-repo.js';
import { EventOutbox } from './emit.js';
import { EventsRepository } from './events-repo.js';
import { LocalListener } from './listener.js';
import { LoadGauge } from './load-gauge.js';
import { SubscriptionsRepository } from './subscriptions-repo.js';
import { newWebhookId } from './webhook-ids.js';

export interface WebhooksOptions {
  delivery?: Partial<DeliveryOptions>;
}

/** The path of the listener that the sandbox subscribes on first start. */
export const LISTENER_PATH = '/webhooks';
export const CERTS_PATH = '/v1/notifications/certs';
const LISTENER_SUBSCRIPTION_META = 'webhooks.listener_subscription';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The webhooks part of the host: the event catalog (each group registers its event
 * types through the group registry), the outbox fed by the transition bus, the delivery worker, the signing certificate, and the local listener. The API group
 * in `api/groups/webhooks/` is its HTTP face.
 */
export class Webhooks {
  readonly catalog = new EventCatalog();
  readonly subscriptions: SubscriptionsRepository;
  readonly events: EventsRepository;
  readonly deliveries: DeliveriesRepository;
  readonly certificates: CertificateStore;
  readonly outbox: EventOutbox;
  readonly worker: DeliveryWorker;
  readonly listener: LocalListener;
  /** API load, so deliveries yield to requests (the API group feeds it every answered request). */
  readonly load = new LoadGauge();
  private publicBaseUrl = 'http://127.0.0.1';
  private readonly detach: (() => void)[] = [];

  constructor(
    private readonly deps: ApiDeps,
    options: WebhooksOptions = {},
  ) {
    const db = deps.store.db;
    this.subscriptions = new SubscriptionsRepository(db);
    const snapshots = new EventSnapshots(deps.store, this.catalog);
    const storedBody = (row: SnapshotRow) => snapshots.storedBody(row);
    this.events = new EventsRepository(db, storedBody);
    this.deliveries = new DeliveriesRepository(db, storedBody);
    deps.store.resources.onBeforeUpdate((kind, id) => snapshots.beforeUpdate(kind, id));
    this.certificates = new CertificateStore(deps.store.meta);
    this.worker = new DeliveryWorker(
      deps,
      this.deliveries,
      () => this.certificates.identity(),
      () => this.certUrl(),
      { ...DEFAULT_DELIVERY_OPTIONS, ...options.delivery },
      this.load,
    );
    this.outbox = new EventOutbox(deps, this.catalog, this.events, this.deliveries, this.subscriptions, {
      baseUrl: () => this.publicBaseUrl,
      wake: () => this.worker.wake(),
    });
    this.listener = new LocalListener({
      events: deps.events,
      certificates: new CertificateCache(),
      now: () => deps.clock.now(),
      subscriptionsFor: (port, path) => this.subscriptionsPointingAt(port, path),
    });
    this.detach.push(this.outbox.attach());
  }

  /** The API's own base URL (event links, the cert URL); known once the API listens. */
  get baseUrl(): string {
    return this.publicBaseUrl;
  }

  certUrl(): string {
    return `${this.publicBaseUrl}${CERTS_PATH}/${this.certificates.identity().certId}`;
  }

  /** The API listens at `baseUrl`: deliveries start (pending ones from before a restart too). */
  start(baseUrl: string): void {
    // Bound to every interface: links and the cert URL use the loopback address.
    this.publicBaseUrl = baseUrl
      .replace(/\/$/, '')
      .replace('//0.0.0.0:', '//127.0.0.1:')
      .replace('//[::]:', '//[::1]:');
    this.certificates.identity();
    this.load.start();
    this.worker.start();
    this.outbox.fanout.resume();
  }

  /**
   * Starts the local listener. With `fallback`, a busy port is replaced by a free one (the default
   * port when the user did not ask for one); resolves with the listener's URL.
   */
  async startListener(host: string, port: number, fallback = false): Promise<string> {
    try {
      return await this.listener.start(host, port);
    } catch (error) {
      if (!fallback || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
        throw new Error(
          `the webhook listener cannot listen on ${host}:${port}: ${(error as Error).message}`,
          { cause: error },
        );
      }
      return this.listener.start(host, 0);
    }
  }

  /**
   * On the workspace's first start, subscribes the listener to `*` for the sandbox app, so events flow
   * with no set-up. Later starts move that subscription to the listener's current URL (its port may
   * differ); once the user deletes it, it is not made again.
   */
  ensureListenerSubscription(app: App): void {
    const base = this.listener.url;
    if (!base) return;
    const url = `${base}${LISTENER_PATH}`;
    const now = this.deps.clock.nowIso();
    this.deps.store.transaction(() => {
      const remembered = this.deps.store.meta.get(LISTENER_SUBSCRIPTION_META);
      if (remembered === undefined) {
        const existing = this.subscriptions.byUrl(app.id, url);
        const id = existing?.id ?? newWebhookId();
        if (!existing)
          this.subscriptions.insert({
            id,
            app_id: app.id,
            url,
            event_types: [WILDCARD_EVENT_TYPE],
            create_time: now,
            update_time: now,
          });
        this.deps.store.meta.set(LISTENER_SUBSCRIPTION_META, id);
        return;
      }
      const subscription = this.subscriptions.get(remembered);
      if (!subscription || subscription.url === url || this.subscriptions.byUrl(subscription.app_id, url))
        return;
      this.subscriptions.update({ ...subscription, url, update_time: now });
    });
  }

  /** The id of the subscription made for the listener, while it exists. */
  listenerSubscriptionId(): string | undefined {
    const id = this.deps.store.meta.get(LISTENER_SUBSCRIPTION_META);
    return id && this.subscriptions.get(id) ? id : undefined;
  }

  /**
   * The sandbox reset (inside its transaction): events and deliveries go with the resources;
   * subscriptions stay (like credentials). The listener's inbox is emptied once the reset commits.
   */
  reset(): void {
    this.deliveries.deleteAll();
    this.events.deleteAll();
    this.outbox.fanout.reset();
    this.deps.scheduler.cancel(RETRY_JOB);
    this.deps.store.db.afterCommit(() => this.listener.clear());
  }

  async close(): Promise<void> {
    for (const detach of this.detach.splice(0)) detach();
    this.load.stop();
    await this.outbox.fanout.stop();
    await this.worker.stop();
    await this.listener.stop();
  }

  private subscriptionsPointingAt(port: number, path: string): string[] {
    return this.subscriptions
      .all()
      .filter((w) => {
        try {
          const url = new URL(w.url);
          const urlPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
          return (
            url.protocol === 'http:' &&
            LOOPBACK.has(url.hostname) &&
            urlPort === port &&
            `${url.pathname}${url.search}` === path
          );
        } catch {
          return false;
        }
      })
      .map((w) => w.id);
  }
}
