import { basename, dirname } from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { DATABASE_FILE } from '../connection.js';
import { LogDatabase } from '../log-database.js';
import { multiRowInsertSql, ROWS_PER_STATEMENT } from '../multi-row-insert.js';
import type { Migration } from './index.js';

const COLUMNS = [
  'id',
  'at',
  'method',
  'path',
  'status',
  'duration_ms',
  'app_id',
  'debug_id',
  'entry',
  'request_body',
  'response_body',
] as const;

/**
 * The request log moves to a database of its own (electron/store/log-database.ts), which the log's thread
 * writes apart from the workspace's. A workspace on disk has its kept entries copied there first, ids and
 * all (so the ids given next go on from them); the copy is committed before this migration drops the
 * table, and ignores rows it already holds, so a run cut short between the two copies nothing twice.
 * An ephemeral workspace is new, with nothing to copy.
 */
export const requestLogApartSchema: Migration = {
  version: 13,
  name: 'request-log-apart',
  sql: '',
  run(db) {
    const file = workspaceFile(db);
    if (file) copyInto(db, dirname(file));
    db.exec('DROP TABLE request_log');
  },
};

/** The workspace's database file, or undefined in memory. */
function workspaceFile(db: DatabaseSync): string | undefined {
  const main = (db.prepare('PRAGMA database_list').all() as { name: string; file: string }[]).find(
    (row) => row.name === 'main',
  );
  return main?.file && basename(main.file) === DATABASE_FILE ? main.file : undefined;
}

function copyInto(db: DatabaseSync, dir: string): void {
  const log = new LogDatabase({ kind: 'dir', dir });
  try {
    const head = `INSERT OR IGNORE INTO request_log (${COLUMNS.join(', ')})`;
    const rows = db.prepare(`SELECT ${COLUMNS.join(', ')} FROM request_log ORDER BY id`).iterate();
    log.transaction(() => {
      let batch: SQLInputValue[][] = [];
      const flush = () => {
        if (batch.length === 0) return;
        log.write(multiRowInsertSql(head, COLUMNS.length, batch.length)).run(...batch.flat());
        batch = [];
      };
      for (const row of rows) {
        const values = row as Record<string, SQLInputValue>;
        batch.push(COLUMNS.map((column) => values[column] ?? null));
        if (batch.length === ROWS_PER_STATEMENT) flush();
      }
      flush();
    });
  } finally {
    log.close();
  }
}
