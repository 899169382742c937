import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { StoreLocation } from './connection.js';
import { OutsideTransactionError } from './outside-transaction-error.js';

/** The request log's database file in a workspace folder, beside the workspace's own (DATABASE_FILE). */
export const REQUEST_LOG_FILE = 'request-log.db';

/**
 * The log's schema: the workspace database's `request_log` table as migrations 001, 004 and 012 left it
 * (migration 013 moved its rows here). `user_version` numbers it for a later change.
 */
const SCHEMA_VERSION = 1;
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS request_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    duration_ms REAL NOT NULL,
    app_id TEXT,
    debug_id TEXT,
    entry TEXT NOT NULL,
    request_body TEXT,
    response_body TEXT
  );
  PRAGMA user_version = ${SCHEMA_VERSION};
`;

/**
 * The request log's own database, apart from the workspace's: its one writer is the log's thread
 * (electron/api/pipeline/request-log-thread.ts), which a second writer on the workspace's file would make
 * wait for the API's commit groups and the API wait for its own. A file of its own in the workspace folder
 * (private, WAL like the workspace's), or a private memdb for an ephemeral workspace. The repository
 * (`RequestLogRepository`) reads and writes it through `prepare` and `write`, as it would the workspace's.
 */
export class LogDatabase {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private inTransaction = false;

  constructor(location: StoreLocation) {
    if (location.kind === 'dir') {
      mkdirSync(location.dir, { recursive: true, mode: 0o700 });
      const file = join(location.dir, REQUEST_LOG_FILE);
      const isNew = !existsSync(file);
      this.db = new DatabaseSync(file);
      // It keeps request headers and bodies (redacted, but a workspace's own): private to the user.
      if (isNew) chmodSync(file, 0o600);
      this.db.exec('PRAGMA journal_mode = WAL');
      this.db.exec('PRAGMA synchronous = NORMAL');
    } else {
      // memdb for the reason the workspace uses it (connection.ts): a commit costs the pages written.
      this.db = new DatabaseSync('file:request-log?vfs=memdb');
    }
    this.db.exec('PRAGMA busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  /** A cached prepared statement. */
  prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** A cached statement for a write: only inside `transaction`, as the workspace's writes are. */
  write(sql: string): StatementSync {
    if (!this.inTransaction) throw new OutsideTransactionError(`The write "${sql.replace(/\s+/g, ' ')}"`);
    return this.prepare(sql);
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: () => T): T {
    this.prepare('BEGIN IMMEDIATE').run();
    this.inTransaction = true;
    try {
      const result = work();
      this.prepare('COMMIT').run();
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.prepare('ROLLBACK').run();
      throw error;
    } finally {
      this.inTransaction = false;
    }
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}
