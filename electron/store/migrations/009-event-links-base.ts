import type { Migration } from './index.js';

/**
 * Webhook events stored without the envelope's own links (electron/webhooks/stored-envelope.ts): the
 * base URL they were made on is kept beside the envelope instead, so the envelope read or delivered
 * again (a retry after a restart on another port, a resend) has the same bytes as the first delivery.
 * NULL for envelopes stored whole, as every one before this migration was.
 */
export const eventLinksBaseSchema: Migration = {
  version: 9,
  name: 'event-links-base',
  sql: `ALTER TABLE webhook_events ADD COLUMN links_base TEXT;`,
};
