import type { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './index.js';

/**
 * Applies the numbered forward migrations this database has not seen yet, each in its own transaction
 * (`transaction` runs its work in one), recording each in `schema_migrations`.
 */
export function applyMigrations(db: DatabaseSync, transaction: (work: () => void) => void): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    transaction(() => {
      db.exec(migration.sql);
      migration.run?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    });
  }
}
