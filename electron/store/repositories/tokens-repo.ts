import type { Database } from '../db.js';

export interface AccessToken {
  token: string;
  app_id: string;
  scopes: string[];
  /** Simulated-clock epoch milliseconds. */
  expires_at: number;
}

export class TokensRepository {
  constructor(private readonly store: Database) {}

  insert(token: AccessToken): void {
    this.store
      .write('INSERT INTO access_tokens (token, app_id, scopes, expires_at) VALUES (?, ?, ?, ?)')
      .run(token.token, token.app_id, JSON.stringify(token.scopes), token.expires_at);
  }

  find(token: string): AccessToken | undefined {
    const row = this.store.prepare('SELECT * FROM access_tokens WHERE token = ?').get(token) as
      { token: string; app_id: string; scopes: string; expires_at: number } | undefined;
    return row ? { ...row, scopes: JSON.parse(row.scopes) as string[] } : undefined;
  }

  /** Deletes tokens that expired at or before `now`; returns how many. */
  deleteExpired(now: number): number {
    return Number(this.store.write('DELETE FROM access_tokens WHERE expires_at <= ?').run(now).changes);
  }
}
