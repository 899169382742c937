import { hashAccessToken } from '../repositories/tokens-repo.js';
import type { Migration } from './index.js';

/**
 * Access tokens at rest as their SHA-256 (hex): a copied database file grants no API access. The column
 * is renamed to say so, and every token already issued is hashed in place, so an SDK holding one keeps
 * working across the upgrade (lookups hash the presented token).
 */
export const hashedTokensSchema: Migration = {
  version: 6,
  name: 'hashed access tokens',
  sql: `ALTER TABLE access_tokens RENAME COLUMN token TO token_hash;`,
  run(db) {
    const rows = db.prepare('SELECT token_hash FROM access_tokens').all() as { token_hash: string }[];
    const update = db.prepare('UPDATE access_tokens SET token_hash = ? WHERE token_hash = ?');
    for (const { token_hash: plain } of rows) update.run(hashAccessToken(plain), plain);
  },
};
