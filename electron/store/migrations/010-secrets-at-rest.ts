import type { DatabaseSync } from 'node:sqlite';
import { redactBodyText } from '../../../shared/redact.js';
import { hashClientSecret } from '../repositories/client-secret-hash.js';
import type { Migration } from './index.js';

/**
 * No secret stays in the workspace file in clear:
 * - an app's client secret becomes a salted derivation (the column is renamed to say so). The plain
 *   secret cannot be kept here: the host keeps the sandbox app's in its secret vault from now on, and
 *   a workspace upgraded without one gets a new secret on its next start (printed, as on a first start);
 * - a sandbox account's cards and bank accounts keep their last four digits, all the API ever shows;
 * - request bodies already logged get the log's current rules (bank account numbers and IBANs masked).
 * SQLite overwrites what it deletes while this runs (`secure_delete`), so the old text does not linger
 * in free pages of the file.
 */
export const secretsAtRestSchema: Migration = {
  version: 10,
  name: 'secrets at rest',
  sql: `ALTER TABLE apps RENAME COLUMN client_secret TO client_secret_hash;`,
  run(db) {
    db.exec('PRAGMA secure_delete = ON');
    try {
      hashClientSecrets(db);
      maskAccountInstruments(db);
      redactLoggedBodies(db);
    } finally {
      db.exec('PRAGMA secure_delete = OFF');
    }
  },
};

function hashClientSecrets(db: DatabaseSync): void {
  const rows = db.prepare('SELECT id, client_secret_hash FROM apps').all() as {
    id: string;
    client_secret_hash: string;
  }[];
  const update = db.prepare('UPDATE apps SET client_secret_hash = ? WHERE id = ?');
  for (const row of rows) update.run(hashClientSecret(row.client_secret_hash), row.id);
}

interface OldAccount {
  cards?: ({ number?: string; last_digits?: string } & Record<string, unknown>)[];
  bank_accounts?: ({ account_number?: string; account_number_last_digits?: string } & Record<
    string,
    unknown
  >)[];
}

function maskAccountInstruments(db: DatabaseSync): void {
  const rows = db.prepare('SELECT id, body FROM accounts').all() as { id: string; body: string }[];
  const update = db.prepare('UPDATE accounts SET body = ? WHERE id = ?');
  for (const row of rows) {
    const account = JSON.parse(row.body) as OldAccount;
    if (!account.cards?.some((c) => c.number) && !account.bank_accounts?.some((b) => b.account_number))
      continue;
    const cards = account.cards?.map(({ number, ...card }) => ({
      ...card,
      last_digits: card.last_digits ?? (number ?? '').slice(-4),
    }));
    const banks = account.bank_accounts?.map(({ account_number, ...bank }) => ({
      ...bank,
      account_number_last_digits: bank.account_number_last_digits ?? (account_number ?? '').slice(-4),
    }));
    update.run(
      JSON.stringify({ ...account, ...(cards ? { cards } : {}), ...(banks ? { bank_accounts: banks } : {}) }),
      row.id,
    );
  }
}

interface LoggedExchange {
  request?: { headers?: Record<string, string>; body?: string };
  response?: { headers?: Record<string, string>; body?: string };
}

function redactLoggedBodies(db: DatabaseSync): void {
  const rows = db.prepare('SELECT id, entry FROM request_log').all() as { id: number; entry: string }[];
  const update = db.prepare('UPDATE request_log SET entry = ? WHERE id = ?');
  for (const row of rows) {
    let exchange: LoggedExchange;
    try {
      exchange = JSON.parse(row.entry) as LoggedExchange;
    } catch {
      continue;
    }
    let changed = false;
    for (const side of [exchange.request, exchange.response]) {
      if (side?.body === undefined) continue;
      const type = side.headers?.['content-type'] ?? side.headers?.['Content-Type'];
      const redacted = redactBodyText(side.body, type);
      if (redacted !== side.body) {
        side.body = redacted;
        changed = true;
      }
    }
    if (changed) update.run(JSON.stringify(exchange), row.id);
  }
}
