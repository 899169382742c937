import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** SQLite's result code for a full database (disk full, or an ephemeral store at its size cap). */
const SQLITE_FULL = 13;

/** True for the error SQLite raises when the database cannot grow. */
export function isStoreFull(error: unknown): boolean {
  return (error as { errcode?: unknown } | null)?.errcode === SQLITE_FULL;
}

/** The size cap of a memdb database (SQLite's default SQLITE_MEMDB_DEFAULT_MAXSIZE). */
const MEMDB_MAX_BYTES = 1024 * 1024 * 1024;

/** The page cache of a workspace on disk, in KiB: a million-entry ledger's indexes stay in memory. */
export const CACHE_KIB = 32 * 1024;
/**
 * The page cache while a long pass of work runs (see `withLargeCache`): as large as the dirty pages one
 * transaction may keep before SQLite spills them (`cache_spill`, 65,536 pages of 4 KiB).
 */
export const LARGE_CACHE_KIB = 256 * 1024;

/** Where the database lives: a folder on disk, or memory only (`--ephemeral`). */
export type StoreLocation = { kind: 'dir'; dir: string } | { kind: 'memory' };

export const DATABASE_FILE = 'workbench.db';

/**
 * A workspace's SQLite connection with the settings the host runs it with: a private file in WAL mode on
 * disk, or SQLite's memdb for an ephemeral workspace; foreign keys on, and the page cache sized for each.
 * The schema is the caller's to bring up to date (`applyMigrations`).
 */
export function openConnection(location: StoreLocation): DatabaseSync {
  let db: DatabaseSync;
  if (location.kind === 'dir') {
    mkdirSync(location.dir, { recursive: true, mode: 0o700 });
    const file = join(location.dir, DATABASE_FILE);
    const isNew = !existsSync(file);
    db = new DatabaseSync(file);
    // The file holds the sandbox credentials and every request body: keep it private to the user.
    if (isNew) chmodSync(file, 0o600);
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL in WAL mode survives a process kill -9 (the WAL is in the OS cache); only a power loss can
    // drop the last commits, an acceptable trade for a local sandbox's throughput.
    db.exec('PRAGMA synchronous = NORMAL');
    // A checkpoint copies the WAL into the database file and syncs both: every 10,000 pages (40 MiB)
    // instead of SQLite's 1,000 lets a busy API checkpoint a tenth as often (measured: 16.1k order
    // creates/s instead of 13.6k); the WAL is folded in when the last connection closes anyway.
    db.exec('PRAGMA wal_autocheckpoint = 10000');
  } else {
    // SQLite's memdb VFS rather than ':memory:': committing to ':memory:' costs time in proportion to
    // the whole database (measured: 0.6 us per request at 30k orders, 6 us at 150k), to memdb only in
    // proportion to the pages written. The trade: memdb caps a database at 1 GiB (measured: about
    // 1.2 KB per simple order, so some 800,000); past that a write fails with SQLITE_FULL, which the
    // API answers 503 (see isStoreFull).
    // The name does not start with '/', so the database is private to this connection.
    db = new DatabaseSync('file:ephemeral-workspace?vfs=memdb');
    // Pages are read in place from memdb's buffer instead of being copied into SQLite's page cache,
    // which can then stay at its small default: a COMMIT walks the page cache, so a big one costs every
    // request (measured with 150k orders: 0.9 us a request with the default cache, 2.3 with 32 MiB).
    db.exec(`PRAGMA mmap_size = ${MEMDB_MAX_BYTES}`);
  }
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // On disk, 32 MiB of page cache: a million-entry ledger's indexes stay in memory for searches.
  if (location.kind === 'dir') db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  // A clock move runs every due job in one transaction, each in a savepoint of it. Once its dirty pages
  // outgrow the page cache SQLite spills them mid-transaction, and from then on every write in a
  // savepoint costs in proportion to the transaction so far (measured: 26 us a write at 5,000, 69 at
  // 40,000). Spilling only past 256 MiB of dirty pages keeps such a move linear; memory is used only as
  // far as a transaction really writes.
  db.exec('PRAGMA cache_spill = 65536');
  return db;
}
