import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../connection.js';
import { Database } from '../db.js';
import { LogDatabase, REQUEST_LOG_FILE } from '../log-database.js';
import { clientSecretMatches } from '../repositories/client-secret-hash.js';
import { oldWorkspaces } from './migration-test-kit.js';

const SECRET = 'plain-client-secret-of-an-old-workspace';
const CARD = '5555555555554444';
const ACCOUNT = '402817395';
const IBAN = 'NL91ABNA0417164300';

describe('migration 010 (secrets at rest)', () => {
  const workspaces = oldWorkspaces('migration-010-');
  afterEach(() => workspaces.cleanup());

  /** A workspace as version 9 left it: a plain client secret, full card and bank numbers, a logged IBAN. */
  function workspaceAtVersion9(): string {
    return workspaces.at(9, (raw) => {
      const account = {
        id: 'M1',
        cards: [{ brand: 'MASTERCARD', number: CARD, expiry: '2031-01', name: 'Pat' }],
        bank_accounts: [
          {
            bank_name: 'Bank',
            account_number: ACCOUNT,
            routing_number: '021000021',
            account_type: 'CHECKING',
          },
        ],
      };
      raw
        .prepare(`INSERT INTO accounts (id, email, type, body) VALUES ('M1', 'm@example.com', 'BUSINESS', ?)`)
        .run(JSON.stringify(account));
      raw
        .prepare(
          `INSERT INTO apps (id, client_id, client_secret, name, merchant_id, scopes, created_at)
           VALUES ('APP1', 'cid', ?, 'App', 'M1', '[]', 'x')`,
        )
        .run(SECRET);
      const exchange = {
        request: {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ payment_source: { bank: { sepa_debit: { iban: IBAN } } } }),
        },
        response: { headers: {} },
      };
      raw
        .prepare(
          `INSERT INTO request_log (at, method, path, status, duration_ms, app_id, debug_id, entry)
           VALUES ('x', 'POST', '/v3/vault/payment-tokens', 201, 1, 'APP1', NULL, ?)`,
        )
        .run(JSON.stringify(exchange));
    });
  }

  it('keeps the secret as a derivation that still matches, the numbers as last digits, the log masked', () => {
    const dir = workspaceAtVersion9();
    const database = new Database({ kind: 'dir', dir });
    const app = database.db.prepare('SELECT client_secret_hash FROM apps').get() as {
      client_secret_hash: string;
    };
    expect(app.client_secret_hash).toMatch(/^scrypt\$/);
    expect(clientSecretMatches(app.client_secret_hash, SECRET)).toBe(true);
    const account = JSON.parse(
      (database.db.prepare('SELECT body FROM accounts').get() as { body: string }).body,
    ) as Record<string, { last_digits?: string; account_number_last_digits?: string }[]>;
    expect(account.cards?.[0]).toMatchObject({ last_digits: '4444' });
    expect(account.bank_accounts?.[0]).toMatchObject({ account_number_last_digits: '7395' });
    database.close();
    // The log's entries moved to the log's own database (migration 013), masked as 010 left them.
    const log = new LogDatabase({ kind: 'dir', dir });
    const entry = (log.db.prepare('SELECT entry FROM request_log').get() as { entry: string }).entry;
    log.close();
    expect(entry).toContain('4300');
    for (const file of [DATABASE_FILE, REQUEST_LOG_FILE]) {
      const bytes = readFileSync(join(dir, file)).toString('latin1');
      for (const secret of [SECRET, CARD, ACCOUNT, IBAN]) expect(bytes.includes(secret), secret).toBe(false);
    }
  });
});
