import type {
  Delivery,
  DeliveryStatus,
  SimulateEventRequest,
  WebhookEvent,
} from '../../../../shared/api/webhooks/schemas.js';
import type { StoredEvent } from '../../../webhooks/events-repo.js';
import type { Webhooks } from '../../../webhooks/webhooks.js';
import type { ApiDeps } from '../../deps.js';
import { invalidRequest, notFound, bodyDetail, queryDetail } from '../../pipeline/api-error.js';
import type { Link } from '../../pipeline/links.js';
import { pageCount, pageLinks, pageOffset, readPage, type PageLinkRule } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import { notOwnedWebhook, ownedWebhook } from './owned-webhook.js';
import { deliveryView, eventView } from './views.js';

export interface EventListQuery {
  page_size: number;
  page: number;
  start_time?: string | undefined;
  end_time?: string | undefined;
  event_type?: string | undefined;
  transaction_id?: string | undefined;
}

export interface EventPage {
  events: WebhookEvent[];
  count: number;
  total_items: number;
  total_pages: number;
  links: Link[];
}

/** Spec 4.12: self, then next and previous where there is one. */
const EVENT_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'self' },
  { step: 'next' },
  { step: 'prev', rel: 'previous' },
];

/** Events (spec 4.12, 6): list, show, resend; the simulator; and the delivery record behind them. */
export class WebhookEventsService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly webhooks: Webhooks,
  ) {}

  list(query: EventListQuery, ctx: RequestContext): EventPage {
    const fromMs = query.start_time ? Date.parse(query.start_time) : undefined;
    const toMs = query.end_time ? Date.parse(query.end_time) : undefined;
    if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) {
      throw invalidRequest(
        queryDetail('end_time', 'INVALID_PARAMETER_VALUE', 'end_time is before start_time.', query.end_time),
      );
    }
    const request = readPage({ ...query }, { defaultPageSize: query.page_size });
    const { items, total } = this.webhooks.events.list(
      ctx.app.id,
      { eventType: query.event_type, resourceId: query.transaction_id, fromMs, toMs },
      request.pageSize,
      pageOffset(request),
    );
    return {
      events: items.map((e) => eventView(e, ctx.baseUrl)),
      count: items.length,
      total_items: total,
      total_pages: pageCount(total, request.pageSize),
      links: pageLinks({
        baseUrl: ctx.baseUrl,
        path: '/v1/notifications/webhooks-events',
        request,
        total,
        params: { ...query },
        rules: EVENT_PAGE_LINKS,
      }),
    };
  }

  get(id: string, ctx: RequestContext): StoredEvent {
    const event = this.webhooks.events.owned(id, ctx.app.id);
    if (!event) throw notFound('webhook event', id, '/event_id');
    return event;
  }

  /**
   * Sends an event again: to the given subscriptions, or to every subscription of the app that listens
   * to its type now. A subscription that still has this event pending is left to its retries.
   */
  resend(
    id: string,
    webhookIds: readonly string[] | undefined,
    ctx: RequestContext,
  ): { event: StoredEvent; deliveries: string[] } {
    const event = this.get(id, ctx);
    let targets;
    if (webhookIds) {
      const unknown = webhookIds.filter((wid) => !this.webhooks.subscriptions.owned(wid, ctx.app.id));
      if (unknown.length > 0) {
        throw invalidRequest(
          ...unknown.map((wid) => notOwnedWebhook(`/webhook_ids/${webhookIds.indexOf(wid)}`, wid)),
        );
      }
      targets = [...new Set(webhookIds)]
        .map((wid) => this.webhooks.subscriptions.get(wid))
        .filter((w) => w !== undefined);
    } else {
      targets = this.webhooks.subscriptions.matching(ctx.app.id, event.event_type);
    }
    const fresh = targets
      .filter((w) => !this.webhooks.deliveries.pendingFor(event.id, w.id))
      .map((w) => ({ webhookId: w.id, url: w.url }));
    return { event, deliveries: this.webhooks.outbox.enqueue(event, fresh) };
  }

  /** A mock event for any catalog type (spec 6.8): no application, webhook id WEBHOOK_ID, one attempt. */
  simulate(request: SimulateEventRequest, ctx: RequestContext): StoredEvent {
    const type = this.webhooks.catalog.get(request.event_type);
    if (!type) {
      throw invalidRequest(
        bodyDetail(
          '/event_type',
          'EVENT_TYPE_NOT_SUPPORTED',
          `${request.event_type} is not an event type of this service; see GET /v1/notifications/webhooks-event-types.`,
          request.event_type,
        ),
      );
    }
    const version = request.resource_version ?? type.resourceVersions[0] ?? '2.0';
    if (!type.resourceVersions.includes(version)) {
      throw invalidRequest(
        bodyDetail(
          '/resource_version',
          'RESOURCE_VERSION_NOT_SUPPORTED',
          `${type.name} is available in resource version ${type.resourceVersions.join(', ')}.`,
          version,
        ),
      );
    }
    let url = request.url;
    if (request.webhook_id !== undefined) {
      url = ownedWebhook(this.webhooks, request.webhook_id, ctx.app.id, '/webhook_id').url;
    }
    const resource = type.sample(version, { baseUrl: this.webhooks.baseUrl, now: this.deps.clock.now() });
    return this.webhooks.outbox.recordMock(type.name, version, resource, url ?? '');
  }

  deliveries(
    filter: {
      event_id?: string | undefined;
      webhook_id?: string | undefined;
      status?: DeliveryStatus | undefined;
      limit: number;
    },
    ctx: RequestContext,
  ): Delivery[] {
    const rows = this.webhooks.deliveries.list(
      { appId: ctx.app.id, eventId: filter.event_id, webhookId: filter.webhook_id, status: filter.status },
      filter.limit,
    );
    return rows.map((row) => deliveryView(row, this.webhooks.deliveries.attempts(row.id)));
  }
}
