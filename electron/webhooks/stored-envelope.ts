import type { WebhookEvent } from '../../shared/webhooks/event-envelope.js';

/** The envelope's `event_version`: the same for every event. */
export const EVENT_VERSION = '1.0';

/** An event's own links (spec 6.3): itself and its resend, on the API's base URL. */
export const eventLinks = (baseUrl: string, id: string) => {
  const self = `${baseUrl}/v1/notifications/webhooks-events/${id}`;
  return [
    { href: self, rel: 'self', method: 'GET', encType: 'application/json' },
    { href: `${self}/resend`, rel: 'resend', method: 'POST', encType: 'application/json' },
  ];
};

/** What an event row keeps beside the stored envelope, and how the envelope is made whole again. */
export interface StoredEnvelopeRow {
  id: string;
  resource_type: string;
  create_ms: number;
  body: string;
  /** The base URL of the envelope's links when `body` is stored without its head and links; else null. */
  links_base?: string | null;
}

/** The envelope members the event row keeps, in the envelope's order from `resource_version` on. */
export type StoredEnvelope = Pick<WebhookEvent, 'resource_version' | 'event_type' | 'summary' | 'resource'>;

/**
 * An event envelope is stored without what its row already says or every event repeats: its head (`id`,
 * `event_version`, `create_time`, `resource_type`: the row's columns and a constant) and its own `links`
 * (the last member: two links naming only the id and the base URL). That is a third of a payout item's
 * event, and what tips its row from two rows a database page to three or four (a 15,000-item batch stores
 * 15,000 events). The base URL is kept beside it (`links_base`), and the envelope is made whole, byte for
 * byte as it was first delivered, whenever it is read or delivered again (a retry after a restart on
 * another port signs the same bytes). Envelopes stored whole (before this) have no `links_base`.
 */
export function storedEnvelopeText(members: StoredEnvelope): string {
  return JSON.stringify({
    resource_version: members.resource_version,
    event_type: members.event_type,
    summary: members.summary,
    resource: members.resource,
  });
}

/** The last create time formatted: a chunk of a batch makes hundreds of events within a millisecond or two. */
let lastMs = Number.NaN;
let lastIso = '';

export function isoMillis(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/** The whole envelope as delivered and shown (spec 6.3, members in its order) from a stored row. */
export function envelopeText(row: StoredEnvelopeRow): string {
  const base = row.links_base;
  if (base === null || base === undefined) return row.body;
  const head =
    `{"id":${JSON.stringify(row.id)},"event_version":"${EVENT_VERSION}",` +
    `"create_time":"${isoMillis(row.create_ms)}","resource_type":${JSON.stringify(row.resource_type)},`;
  return `${head}${row.body.slice(1, -1)},"links":${JSON.stringify(eventLinks(base, row.id))}}`;
}
