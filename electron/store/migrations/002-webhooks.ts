import type { Migration } from './index.js';

/** Webhook subscriptions, the event outbox, deliveries and every delivery attempt (spec 2.19, part 6). */
export const webhooksSchema: Migration = {
  version: 2,
  name: 'webhooks',
  sql: `
    -- Subscriptions: one URL per app, the event type names it listens to (JSON array; '*' = all).
    CREATE TABLE webhooks (
      id TEXT PRIMARY KEY,
      app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      event_types TEXT NOT NULL,
      create_time TEXT NOT NULL,
      update_time TEXT NOT NULL,
      UNIQUE (app_id, url)
    );

    -- The outbox: every event, written in the transaction of the change it reports. The body is the
    -- envelope exactly as delivered (the signature covers these bytes). app_id NULL: a mock event.
    CREATE TABLE webhook_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      app_id TEXT,
      event_type TEXT NOT NULL,
      resource_type TEXT NOT NULL,
      resource_id TEXT,
      create_ms INTEGER NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX webhook_events_by_app_time ON webhook_events (app_id, create_ms);
    CREATE INDEX webhook_events_by_resource ON webhook_events (resource_id);

    -- One event to one subscription. Retries are offsets from anchor_ms on the simulated clock.
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      event_id TEXT NOT NULL,
      webhook_id TEXT NOT NULL,
      url TEXT NOT NULL,
      mock INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED', 'CANCELLED')),
      attempt_count INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL,
      anchor_ms INTEGER NOT NULL,
      next_attempt_ms INTEGER,
      create_ms INTEGER NOT NULL,
      finish_ms INTEGER
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_ms);
    CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);
    CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, status);

    -- Every attempt: when (simulated), what came back, how long it took.
    CREATE TABLE webhook_attempts (
      delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      number INTEGER NOT NULL,
      transmission_id TEXT NOT NULL,
      transmission_time TEXT NOT NULL,
      due_ms INTEGER NOT NULL,
      attempt_ms INTEGER NOT NULL,
      status_code INTEGER,
      latency_ms REAL NOT NULL,
      response_excerpt TEXT,
      error TEXT,
      PRIMARY KEY (delivery_id, number)
    );
  `,
};
