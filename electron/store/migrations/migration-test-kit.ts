import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from '../connection.js';
import { MIGRATIONS } from './index.js';

/**
 * Workspaces as an earlier version left them, for migration tests: the migrations up to `version`
 * applied by hand, then `seed` writes rows in that version's schema. `cleanup()` removes them all.
 */
export function oldWorkspaces(prefix: string) {
  const dirs: string[] = [];
  return {
    at(version: number, seed: (raw: DatabaseSync) => void): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      const raw = new DatabaseSync(join(dir, DATABASE_FILE));
      raw.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
      );
      for (const migration of MIGRATIONS.filter((m) => m.version <= version)) {
        raw.exec(migration.sql);
        migration.run?.(raw);
        raw
          .prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)')
          .run(migration.version, migration.name, 'x');
      }
      seed(raw);
      raw.close();
      return dir;
    },
    cleanup(): void {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
