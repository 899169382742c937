import type { Migration } from './index.js';

/**
 * The ledger (reporting and balances read only the ledger) and its rollups.
 *
 * Scale target: a 31-day, page_size=500 filtered search at 1,000,000 entries costs at most 3x the same
 * search at 10,000. The page comes from `ledger_search` (account, time, seq first, so ORDER BY needs no
 * sort and LIMIT stops early; the filter columns follow so the scan never touches the table). The
 * `total_items` count comes from `ledger_counts` (whole days, then whole hours, then the two partial hours
 * at the edges from the index), so it does not grow with the number of entries in the window. Balances
 * and charts read `ledger_daily` (exact sums per day) plus at most one day of entries.
 */
export const ledgerSchema: Migration = {
  version: 3,
  name: 'ledger',
  sql: `
    -- One row per transaction of the report (spec 2.15). transaction_id is not unique (spec 4.11): a
    -- reauthorization or a void shares its authorization's id. Amounts are exact signed minor units as
    -- text; amount_key is the same number clamped to 64 bits, only for range filters.
    CREATE TABLE ledger_entries (
      seq INTEGER PRIMARY KEY,
      account_id TEXT NOT NULL,
      transaction_id TEXT NOT NULL,
      event_code TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('D', 'P', 'S', 'V')),
      initiated_ms INTEGER NOT NULL,
      updated_ms INTEGER NOT NULL,
      currency TEXT NOT NULL,
      amount TEXT NOT NULL,
      fee TEXT NOT NULL,
      amount_key INTEGER NOT NULL,
      balance_affecting INTEGER NOT NULL,
      -- Created pending: the funds are withheld until available_ms (NULL: until released).
      held INTEGER NOT NULL DEFAULT 0,
      available_ms INTEGER,
      order_id TEXT,
      -- The transaction this one refers to (a refund's capture, a capture's authorization).
      reference_id TEXT,
      instrument_type TEXT,
      store_id TEXT,
      terminal_id TEXT,
      -- 'api' (written by an API operation), 'generated' (bulk history), or the hook's group.
      source TEXT NOT NULL,
      -- The payer (a row of ledger_parties: a few hundred buyers pay a million times).
      party_id INTEGER,
      -- subject, invoice, custom field, protection, decline code, shipping name, cart (compact JSON).
      details TEXT NOT NULL
    );
    CREATE INDEX ledger_search ON ledger_entries
      (account_id, initiated_ms, seq, balance_affecting, currency, status, event_code, amount_key);
    CREATE INDEX ledger_by_transaction ON ledger_entries (transaction_id);
    CREATE INDEX ledger_by_order ON ledger_entries (order_id) WHERE order_id IS NOT NULL;
    CREATE INDEX ledger_held ON ledger_entries (account_id, currency, initiated_ms) WHERE held = 1;
    CREATE INDEX ledger_pending ON ledger_entries (available_ms) WHERE status = 'P' AND available_ms IS NOT NULL;

    -- Payers of entries (payer_info of spec 2.15), each distinct one stored once.
    CREATE TABLE ledger_parties (
      id INTEGER PRIMARY KEY,
      body TEXT NOT NULL UNIQUE
    );

    -- Entry counts per day ('D') and per hour ('H') and per value of every cheap filter.
    CREATE TABLE ledger_counts (
      account_id TEXT NOT NULL,
      grain TEXT NOT NULL CHECK (grain IN ('D', 'H')),
      bucket INTEGER NOT NULL,
      currency TEXT NOT NULL,
      event_code TEXT NOT NULL,
      status TEXT NOT NULL,
      balance_affecting INTEGER NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (account_id, grain, bucket, currency, event_code, status, balance_affecting)
    ) WITHOUT ROWID;

    -- Exact sums of the balance-affecting entries per UTC day (minor units as text).
    CREATE TABLE ledger_daily (
      account_id TEXT NOT NULL,
      currency TEXT NOT NULL,
      day INTEGER NOT NULL,
      event_code TEXT NOT NULL,
      n INTEGER NOT NULL,
      amount TEXT NOT NULL,
      fee TEXT NOT NULL,
      PRIMARY KEY (account_id, currency, day, event_code)
    ) WITHOUT ROWID;
  `,
};
