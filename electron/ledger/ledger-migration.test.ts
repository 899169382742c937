import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../store/connection.js';
import { Database } from '../store/db.js';
import { initialSchema } from '../store/migrations/001-initial-schema.js';
import { ledgerSchema } from '../store/migrations/003-ledger.js';
import { MIGRATIONS } from '../store/migrations/index.js';

describe('migration 003 (ledger)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has a unique version and applies on top of 001 alone (it needs nothing from 002)', () => {
    expect(new Set(MIGRATIONS.map((m) => m.version)).size).toBe(MIGRATIONS.length);
    expect(MIGRATIONS).toContain(ledgerSchema);
    const db = new DatabaseSync(':memory:');
    db.exec(initialSchema.sql);
    db.exec(ledgerSchema.sql);
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ledger%'").all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    expect(tables.sort()).toEqual(['ledger_counts', 'ledger_daily', 'ledger_entries', 'ledger_parties']);
    db.close();
  });

  it('a workspace that got 003 before an earlier-numbered migration still gets the missing one, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-migration-'));
    dirs.push(dir);
    const raw = new DatabaseSync(join(dir, DATABASE_FILE));
    raw.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    raw.exec(initialSchema.sql);
    raw.exec(ledgerSchema.sql);
    raw
      .prepare('INSERT INTO schema_migrations VALUES (?, ?, ?), (?, ?, ?)')
      .run(1, initialSchema.name, 'x', 3, ledgerSchema.name, 'x');
    raw.close();
    const database = new Database({ kind: 'dir', dir });
    const versions = (
      database.db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as {
        version: number;
      }[]
    ).map((r) => r.version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
    database.close();
    // Opening again applies nothing twice.
    const again = new Database({ kind: 'dir', dir });
    expect((again.db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(
      MIGRATIONS.length,
    );
    again.close();
  });
});
