import type {
  CatalogEventType,
  Delivery,
  ListenerMessage,
  ListenerMessageSummary,
  ListenerState,
  Webhook,
  WebhookEvent,
} from '../../../../shared/api/webhooks';
import { callApi } from '../../api/api-call';

/**
 * The Events page's calls: the platform's webhooks API and the sandbox control endpoints for
 * deliveries and the local listener, all through the bridge's `sendRequest` (so they show in the
 * request log like any integration's calls). Their query keys are
 * `queryKeys.webhooks` (`api/query-keys.ts`): the shell invalidates them whenever the listener receives.
 */

const get = async <T>(path: string): Promise<T> => (await callApi({ method: 'GET', path })).body as T;

/** Events per page of the outbox list (the list draws only those in view). */
export const EVENTS_PAGE_SIZE = 100;

export const eventsApi = {
  listener: () =>
    get<ListenerState & { subscription_id: string | null }>('/v1/test-helpers/webhooks/listener'),
  configureListener: async (settings: { status?: number; delay_ms?: number; webhook_id?: string | null }) =>
    (await callApi({ method: 'PUT', path: '/v1/test-helpers/webhooks/listener', body: settings }))
      .body as ListenerState,
  messages: async () =>
    (
      await get<{ messages: ListenerMessageSummary[] }>(
        '/v1/test-helpers/webhooks/listener/messages?limit=200',
      )
    ).messages,
  message: (id: string) =>
    get<ListenerMessage>(`/v1/test-helpers/webhooks/listener/messages/${encodeURIComponent(id)}`),
  clearMessages: () => callApi({ method: 'DELETE', path: '/v1/test-helpers/webhooks/listener/messages' }),
  /** One page of the outbox, newest first (`EVENTS_PAGE_SIZE` a page), with the total that matches. */
  events: async (eventType: string, page = 1) => {
    const query = new URLSearchParams({
      page_size: String(EVENTS_PAGE_SIZE),
      page: String(page),
      ...(eventType ? { event_type: eventType } : {}),
    });
    const body = await get<{ events: WebhookEvent[]; total_items?: number }>(
      `/v1/notifications/webhooks-events?${query}`,
    );
    return { events: body.events, total: body.total_items ?? body.events.length, page };
  },
  event: (id: string) => get<WebhookEvent>(`/v1/notifications/webhooks-events/${encodeURIComponent(id)}`),
  deliveries: async (eventId: string) =>
    (
      await get<{ deliveries: Delivery[] }>(
        `/v1/test-helpers/webhooks/deliveries?event_id=${encodeURIComponent(eventId)}`,
      )
    ).deliveries,
  resend: (eventId: string, webhookIds?: string[]) =>
    callApi({
      method: 'POST',
      path: `/v1/notifications/webhooks-events/${encodeURIComponent(eventId)}/resend`,
      body: webhookIds && webhookIds.length > 0 ? { webhook_ids: webhookIds } : {},
    }),
  subscriptions: async () => (await get<{ webhooks: Webhook[] }>('/v1/notifications/webhooks')).webhooks,
  catalog: async () =>
    (await get<{ event_types: CatalogEventType[] }>('/v1/notifications/webhooks-event-types')).event_types,
  subscribe: async (url: string, eventTypes: string[]) =>
    (
      await callApi({
        method: 'POST',
        path: '/v1/notifications/webhooks',
        body: { url, event_types: eventTypes.map((name) => ({ name })) },
      })
    ).body as Webhook,
  updateSubscription: async (id: string, url: string, eventTypes: string[]) =>
    (
      await callApi({
        method: 'PATCH',
        path: `/v1/notifications/webhooks/${encodeURIComponent(id)}`,
        body: [
          { op: 'replace', path: '/url', value: url },
          { op: 'replace', path: '/event_types', value: eventTypes.map((name) => ({ name })) },
        ],
      })
    ).body as Webhook,
  unsubscribe: (id: string) =>
    callApi({ method: 'DELETE', path: `/v1/notifications/webhooks/${encodeURIComponent(id)}` }),
  simulate: async (input: {
    url?: string;
    webhook_id?: string;
    event_type: string;
    resource_version?: string;
  }) =>
    (await callApi({ method: 'POST', path: '/v1/notifications/simulate-event', body: input }))
      .body as WebhookEvent,
};
