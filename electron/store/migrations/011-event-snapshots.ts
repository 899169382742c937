import type { Migration } from './index.js';

/**
 * Webhook events whose resource is a snapshot of a stored resource (electron/webhooks/event-snapshots.ts):
 * the kind of that resource, whose view is built from its row when the event is read or delivered, until
 * the resource changes (the event's resource is then written out as it was). NULL for events stored with
 * their resource, as every one before this migration was: they read as before.
 */
export const eventSnapshotsSchema: Migration = {
  version: 11,
  name: 'event-snapshots',
  sql: `ALTER TABLE webhook_events ADD COLUMN resource_kind TEXT;`,
};
