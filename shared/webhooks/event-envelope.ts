/**
 * The webhook event as the platform sends it (spec 6.3) and its catalog entry. Every group emits events
 * and the host's outbox, delivery and listener carry them without knowing any group, so the shapes live
 * here, below the groups; the webhooks API (shared/api/webhooks) shows them as they are.
 */

/** Subscribes to every event type, including the ones added later (spec 2.19). */
export const WILDCARD_EVENT_TYPE = '*';

/** A link of an API answer (HATEOAS). */
export interface ApiLink {
  href: string;
  rel: string;
  method: string;
  encType?: string;
}

export interface WebhookEventType {
  name: string;
  description: string;
  status: 'ENABLED';
}

/** An entry of the catalog (`GET /v1/notifications/webhooks-event-types`). */
export interface CatalogEventType extends WebhookEventType {
  resource_type: string;
  resource_versions: string[];
}

/** The event envelope (spec 6.3), members in the spec's order. */
export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: ApiLink[];
}
