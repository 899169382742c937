import type { SQLInputValue } from 'node:sqlite';
import { multiRowInsertSql, ROWS_PER_STATEMENT } from './multi-row-insert.js';

interface PendingRows {
  table: string;
  head: string;
  width: number;
  rows: number;
  values: SQLInputValue[];
}

/** A statement to run: a multi-row INSERT and its values, with what it was built from. */
export interface DeferredStatement {
  sql: string;
  values: SQLInputValue[];
  /** `INSERT INTO table (columns)`, the table it names, values a row and rows. */
  head: string;
  table: string;
  width: number;
  rows: number;
}

const READ = /^\s*SELECT\b/i;

/** A statement that only reads (a plain SELECT); anything else may write, savepoints and commits included. */
export const isPlainRead = (sql: string): boolean => READ.test(sql);

/**
 * The rows of `Database.deferInserts` waiting to be written, a few dozen per statement. Pure
 * bookkeeping: the database asks `mustFlushBefore` for every statement it prepares and writes what
 * `take` hands it, so no statement ever runs without seeing every row inserted before it.
 */
export class DeferredInserts {
  private scopes = 0;
  private readonly pending = new Map<string, PendingRows>();
  private waiting = 0;
  private readonly tables = new Map<string, string>();

  /** How many rows wait. */
  get rows(): number {
    return this.waiting;
  }

  enter(): void {
    this.scopes++;
  }

  leave(): void {
    this.scopes--;
  }

  /**
   * Keeps a row of `head` (`INSERT INTO table (columns)`) for later; false when no scope defers inserts
   * (the caller writes it at once). True and `full` once enough rows wait to be written.
   */
  add(head: string, values: readonly SQLInputValue[]): { kept: boolean; full: boolean } {
    if (this.scopes === 0) return { kept: false, full: false };
    let rows = this.pending.get(head);
    if (!rows) {
      rows = { table: this.tableOf(head), head, width: values.length, rows: 0, values: [] };
      this.pending.set(head, rows);
    }
    if (values.length !== rows.width) throw new Error(`${head}: rows of ${rows.width} values expected`);
    for (const value of values) rows.values.push(value);
    rows.rows++;
    this.waiting++;
    return { kept: true, full: rows.rows >= ROWS_PER_STATEMENT };
  }

  /**
   * Whether `sql` must see the waiting rows first: every statement that is not a plain read (writes,
   * savepoints, commits), and every read that names a table rows wait for.
   */
  mustFlushBefore(sql: string): boolean {
    if (!isPlainRead(sql)) return true;
    for (const rows of this.pending.values()) if (rows.rows > 0 && sql.includes(rows.table)) return true;
    return false;
  }

  /** The statements that write every waiting row, in the order the tables were first written; none wait after. */
  take(): DeferredStatement[] {
    const statements: DeferredStatement[] = [];
    for (const rows of this.pending.values()) {
      if (rows.rows === 0) continue;
      const { head, table, width } = rows;
      statements.push({
        sql: multiRowInsertSql(head, width, rows.rows),
        values: rows.values,
        head,
        table,
        width,
        rows: rows.rows,
      });
      rows.values = [];
      rows.rows = 0;
    }
    this.waiting = 0;
    return statements;
  }

  /** Drops every waiting row (the work that inserted them is rolled back). */
  discard(): void {
    for (const rows of this.pending.values()) {
      rows.values = [];
      rows.rows = 0;
    }
    this.waiting = 0;
  }

  private tableOf(head: string): string {
    let table = this.tables.get(head);
    if (!table) {
      const match = /^\s*INSERT\s+INTO\s+(\w+)/i.exec(head);
      if (!match?.[1]) throw new Error(`not an INSERT head: ${head}`);
      table = match[1];
      this.tables.set(head, table);
    }
    return table;
  }
}
