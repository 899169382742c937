import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { TokensRepository } from '../repositories/tokens-repo.js';
import { oldWorkspaces } from './migration-test-kit.js';

const LIVE = 'A21AA-live-token-of-an-sdk-that-keeps-running';
const OTHER = 'A21AA-another-token';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('migration 006 (hashed access tokens)', () => {
  const workspaces = oldWorkspaces('migration-006-');
  afterEach(() => workspaces.cleanup());

  /** A workspace as version 5 left it: two access tokens stored as plain text. */
  function workspaceAtVersion5(): string {
    return workspaces.at(5, (raw) => {
      raw
        .prepare(
          `INSERT INTO accounts (id, email, type, body) VALUES ('M1', 'm@example.com', 'BUSINESS', '{}')`,
        )
        .run();
      raw
        .prepare(
          `INSERT INTO apps (id, client_id, client_secret, name, merchant_id, scopes, created_at)
           VALUES ('APP1', 'cid', 'secret', 'App', 'M1', '[]', 'x')`,
        )
        .run();
      const token = raw.prepare(
        'INSERT INTO access_tokens (token, app_id, scopes, expires_at) VALUES (?, ?, ?, ?)',
      );
      token.run(LIVE, 'APP1', '["s1"]', 1_000);
      token.run(OTHER, 'APP1', '[]', 2_000);
    });
  }

  it('keeps every issued token valid while the file holds only their hashes', () => {
    const database = new Database({ kind: 'dir', dir: workspaceAtVersion5() });
    const rows = database.db.prepare('SELECT * FROM access_tokens ORDER BY expires_at').all();
    expect(JSON.stringify(rows)).not.toContain(LIVE);
    expect(JSON.stringify(rows)).not.toContain(OTHER);
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { token_hash: sha256(LIVE), app_id: 'APP1', scopes: '["s1"]', expires_at: 1_000 },
      { token_hash: sha256(OTHER), app_id: 'APP1', scopes: '[]', expires_at: 2_000 },
    ]);
    const tokens = new TokensRepository(database);
    expect(tokens.find(LIVE)).toEqual({
      token_hash: sha256(LIVE),
      app_id: 'APP1',
      scopes: ['s1'],
      expires_at: 1_000,
    });
    // The hash itself is no credential.
    expect(tokens.find(sha256(LIVE))).toBeUndefined();
    database.close();
  });
});
