import { mkdirSync, chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations/index.js';

/** Where the database lives: a folder on disk, or memory only (`--ephemeral`). */
export type StoreLocation = { kind: 'dir'; dir: string } | { kind: 'memory' };

export const DATABASE_FILE = 'workbench.db';

/**
 * The one SQLite database of a workspace. Synchronous by design (`node:sqlite`): a request's service
 * work and its writes run without an `await` in between, inside one transaction, so concurrent requests
 * cannot interleave half-written state.
 */
export class Database {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;
  private afterCommitQueue: (() => void)[] = [];

  constructor(readonly location: StoreLocation) {
    if (location.kind === 'dir') {
      mkdirSync(location.dir, { recursive: true, mode: 0o700 });
      const file = join(location.dir, DATABASE_FILE);
      const isNew = !existsSync(file);
      this.db = new DatabaseSync(file);
      // The file holds the sandbox credentials and every request body: keep it private to the user.
      if (isNew) chmodSync(file, 0o600);
      this.db.exec('PRAGMA journal_mode = WAL');
      // NORMAL in WAL mode survives a process kill -9 (the WAL is in the OS cache); only a power loss can
      // drop the last commits, an acceptable trade for a local sandbox's throughput.
      this.db.exec('PRAGMA synchronous = NORMAL');
    } else {
      this.db = new DatabaseSync(':memory:');
    }
    this.db.exec('PRAGMA foreign_keys = ON');
    this.db.exec('PRAGMA busy_timeout = 5000');
    // 32 MiB of page cache: a million-entry ledger's indexes stay in memory for searches.
    this.db.exec('PRAGMA cache_size = -32768');
    this.migrate();
  }

  /** A cached prepared statement: preparing is the expensive part of a small query. */
  prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Runs `work` in one transaction (BEGIN IMMEDIATE, so a second process on the same file waits instead
   * of failing mid-request). A nested call becomes a savepoint: its failure undoes only its own writes,
   * which lets a scheduled job fail inside a request without taking the request down with it.
   */
  transaction<T>(work: () => T): T {
    const nested = this.depth > 0;
    const savepoint = `sp${this.depth}`;
    const queued = this.afterCommitQueue.length;
    this.db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE');
    this.depth++;
    let result: T;
    try {
      result = work();
      this.db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT');
    } catch (error) {
      if (nested) {
        this.db.exec(`ROLLBACK TO ${savepoint}`);
        this.db.exec(`RELEASE ${savepoint}`);
      } else this.db.exec('ROLLBACK');
      this.afterCommitQueue.length = queued;
      throw error;
    } finally {
      this.depth--;
    }
    if (nested) return result;
    const callbacks = this.afterCommitQueue;
    this.afterCommitQueue = [];
    for (const callback of callbacks) callback();
    return result;
  }

  /**
   * Runs `callback` once the current transaction commits (at once outside one); dropped on rollback.
   * Events and notifications go through here, so nothing leaves the process before its data is durable.
   */
  afterCommit(callback: () => void): void {
    if (this.depth === 0) callback();
    else this.afterCommitQueue.push(callback);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }

  /** Applies numbered forward migrations that this file has not seen yet, each in its own transaction. */
  private migrate(): void {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const applied = new Set(
      (this.db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
        (r) => r.version,
      ),
    );
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      this.transaction(() => {
        this.db.exec(migration.sql);
        this.db
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, new Date().toISOString());
      });
    }
  }
}
