import type { Migration } from './index.js';

export const initialSchema: Migration = {
  version: 1,
  name: 'initial schema',
  sql: `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    -- Sandbox accounts: the seeded merchant and buyer, and any created later.
    CREATE TABLE accounts (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL CHECK (type IN ('BUSINESS', 'PERSONAL')),
      body TEXT NOT NULL
    );

    -- REST applications (client credentials) and the merchant account each acts for.
    CREATE TABLE apps (
      id TEXT PRIMARY KEY,
      client_id TEXT NOT NULL UNIQUE,
      client_secret TEXT NOT NULL,
      name TEXT NOT NULL,
      merchant_id TEXT NOT NULL REFERENCES accounts(id),
      scopes TEXT NOT NULL,
      created_at TEXT NOT NULL
    );

    CREATE TABLE access_tokens (
      token TEXT PRIMARY KEY,
      app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
      scopes TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX access_tokens_expiry ON access_tokens (expires_at);

    -- Every API resource: its JSON plus the columns that queries need.
    CREATE TABLE resources (
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      app_id TEXT,
      status TEXT NOT NULL,
      parent_id TEXT,
      order_id TEXT,
      create_time TEXT NOT NULL,
      update_time TEXT NOT NULL,
      body TEXT NOT NULL,
      internal TEXT NOT NULL DEFAULT '{}',
      PRIMARY KEY (kind, id)
    );
    CREATE INDEX resources_by_parent ON resources (parent_id);
    CREATE INDEX resources_by_order ON resources (order_id);
    CREATE INDEX resources_by_kind_time ON resources (kind, create_time);

    -- State transitions of each resource, with simulated time.
    CREATE TABLE resource_history (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      trigger TEXT NOT NULL,
      from_status TEXT,
      to_status TEXT NOT NULL,
      at TEXT NOT NULL,
      note TEXT
    );
    CREATE INDEX resource_history_by_resource ON resource_history (kind, id, seq);

    -- Svc-Request-Id records: which resource a key created, until the key's retention ends.
    CREATE TABLE idempotency_keys (
      app_id TEXT NOT NULL,
      operation TEXT NOT NULL,
      key TEXT NOT NULL,
      status_code INTEGER NOT NULL,
      resource_kind TEXT NOT NULL,
      resource_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (app_id, operation, key)
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

    -- Due jobs of the scheduler, in simulated time (epoch milliseconds).
    CREATE TABLE jobs (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      due_at INTEGER NOT NULL,
      payload TEXT NOT NULL,
      unique_key TEXT UNIQUE,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX jobs_due ON jobs (due_at);

    -- The request log the workbench shows (bodies redacted before they get here).
    CREATE TABLE request_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      status INTEGER NOT NULL,
      duration_ms REAL NOT NULL,
      app_id TEXT,
      debug_id TEXT,
      entry TEXT NOT NULL
    );
    CREATE INDEX request_log_by_time ON request_log (at);
  `,
};
