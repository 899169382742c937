import type {
  Delivery,
  Webhook,
  WebhookEvent,
  WebhookEventType,
} from '../../../../shared/api/webhooks/schemas.js';
import { WILDCARD_EVENT_TYPE } from '../../../../shared/api/webhooks/schemas.js';
import type { EventCatalog } from '../../../webhooks/catalog.js';
import type { AttemptRow, DeliveryRow } from '../../../webhooks/deliveries-repo.js';
import { eventLinks } from '../../../webhooks/emit.js';
import type { StoredEvent } from '../../../webhooks/events-repo.js';
import type { StoredWebhook } from '../../../webhooks/subscriptions-repo.js';
import { link } from '../../pipeline/links.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function eventTypeView(name: string, catalog: EventCatalog): WebhookEventType {
  if (name === WILDCARD_EVENT_TYPE) return { name, description: 'ALL', status: 'ENABLED' };
  return { name, description: catalog.get(name)?.description ?? '', status: 'ENABLED' };
}

/** A subscription as the API shows it (spec 2.19). */
export function webhookView(webhook: StoredWebhook, base: string, catalog: EventCatalog): Webhook {
  const path = `/v1/notifications/webhooks/${webhook.id}`;
  return {
    id: webhook.id,
    url: webhook.url,
    event_types: webhook.event_types.map((name) => eventTypeView(name, catalog)),
    links: [
      link(base, path, 'self'),
      link(base, path, 'update', 'PATCH'),
      link(base, path, 'delete', 'DELETE'),
    ],
  };
}

/** An event as stored (the delivered envelope), with links on the caller's base URL. */
export function eventView(event: StoredEvent, base: string): WebhookEvent {
  const envelope = JSON.parse(event.body) as WebhookEvent;
  return { ...envelope, links: eventLinks(base, event.id) };
}

export function deliveryView(
  delivery: DeliveryRow & { event_type: string },
  attempts: AttemptRow[],
): Delivery {
  return {
    id: delivery.id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    webhook_id: delivery.webhook_id,
    url: delivery.url,
    mock: delivery.mock === 1,
    status: delivery.status,
    attempt_count: delivery.attempt_count,
    max_attempts: delivery.max_attempts,
    create_time: iso(delivery.create_ms) ?? '',
    next_attempt_time: delivery.status === 'PENDING' ? iso(delivery.next_attempt_ms) : null,
    finish_time: iso(delivery.finish_ms),
    attempts: attempts.map((a) => ({
      number: a.number,
      transmission_id: a.transmission_id,
      transmission_time: a.transmission_time,
      due_time: iso(a.due_ms) ?? '',
      attempt_time: iso(a.attempt_ms) ?? '',
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      response_excerpt: a.response_excerpt,
      error: a.error,
    })),
  };
}
