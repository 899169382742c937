import { hash } from 'node:crypto';
import type { Database } from '../db.js';

/** An access token as issued: the token itself is known only to the caller it was given to. */
export interface IssuedToken {
  token: string;
  app_id: string;
  scopes: string[];
  /** Epoch milliseconds on the token clock: real time, or simulated (electron/api/token-clock.ts). */
  expires_at: number;
}

/** An access token as stored: its SHA-256 instead of the token, so the database file grants nothing. */
export interface AccessToken {
  token_hash: string;
  app_id: string;
  scopes: string[];
  /** Epoch milliseconds on the token clock: real time, or simulated (electron/api/token-clock.ts). */
  expires_at: number;
}

/**
 * How a token is kept at rest and looked up: SHA-256, hex. Tokens are 97 random characters, so a fast
 * unsalted hash suffices (nothing to brute-force), and a lookup stays one indexed equality.
 */
export function hashAccessToken(token: string): string {
  // The one-shot form: no Hash object to build for every authenticated request.
  return hash('sha256', token, 'hex');
}

export class TokensRepository {
  constructor(private readonly store: Database) {}

  insert(token: IssuedToken): void {
    this.store
      .write('INSERT INTO access_tokens (token_hash, app_id, scopes, expires_at) VALUES (?, ?, ?, ?)')
      .run(hashAccessToken(token.token), token.app_id, JSON.stringify(token.scopes), token.expires_at);
  }

  /** The stored token a presented token stands for. */
  find(token: string): AccessToken | undefined {
    return this.findByHash(hashAccessToken(token));
  }

  findByHash(tokenHash: string): AccessToken | undefined {
    const row = this.store.prepare('SELECT * FROM access_tokens WHERE token_hash = ?').get(tokenHash) as
      { token_hash: string; app_id: string; scopes: string; expires_at: number } | undefined;
    return row ? { ...row, scopes: JSON.parse(row.scopes) as string[] } : undefined;
  }

  /** Deletes tokens that expired at or before `now`; returns how many. */
  deleteExpired(now: number): number {
    return Number(this.store.write('DELETE FROM access_tokens WHERE expires_at <= ?').run(now).changes);
  }
}
