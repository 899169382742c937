import type { SQLInputValue } from 'node:sqlite';
import { isPlainRead, type DeferredStatement } from './deferred-inserts.js';
import { multiRowInsertSql, ROWS_PER_STATEMENT } from './multi-row-insert.js';

/** One finished work's rows (one statement's worth) and whoever answers for them. */
export interface CarriedRows<Owner> {
  statement: DeferredStatement;
  owner: Owner;
}

/** A statement writing the rows of one or more works, in the order the works ended. */
export interface CarriedStatement<Owner> {
  sql: string;
  values: SQLInputValue[];
  parts: CarriedRows<Owner>[];
}

/**
 * The rows of grouped works that have ended, waiting to be written together (see `Database.grouped`):
 * the order creates of one event-loop turn become one multi-row INSERT at the turn's end instead of one
 * statement each, run while SQLite's code and the table's pages are still in the CPU's caches. Pure
 * bookkeeping, like `DeferredInserts`: the database asks `mustFlushBefore` for every statement and
 * writes what `take` hands it, each statement with the works whose rows it holds, so a failure is
 * charged to the work it belongs to.
 */
export class CarriedInserts<Owner> {
  private waiting: CarriedRows<Owner>[] = [];
  private readonly tables = new Set<string>();

  /** How many works have rows waiting. */
  get size(): number {
    return this.waiting.length;
  }

  add(statement: DeferredStatement, owner: Owner): void {
    this.waiting.push({ statement, owner });
    this.tables.add(statement.table);
  }

  /**
   * Whether `sql` must run after the waiting rows are written: anything but a plain read (a later work's
   * write, a savepoint, the commit), and a read of a table rows wait for.
   */
  mustFlushBefore(sql: string): boolean {
    if (!isPlainRead(sql)) return true;
    for (const table of this.tables) if (sql.includes(table)) return true;
    return false;
  }

  /**
   * The statements that write every waiting row, in the order the works ended: consecutive works of one
   * head share a statement, up to `ROWS_PER_STATEMENT` rows (a work's own rows are never split). None
   * wait after.
   */
  take(): CarriedStatement<Owner>[] {
    const runs: CarriedRows<Owner>[][] = [];
    let run: CarriedRows<Owner>[] = [];
    let rows = 0;
    for (const part of this.waiting) {
      const first = run[0];
      if (
        first &&
        (first.statement.head !== part.statement.head || rows + part.statement.rows > ROWS_PER_STATEMENT)
      ) {
        runs.push(run);
        run = [];
        rows = 0;
      }
      run.push(part);
      rows += part.statement.rows;
    }
    if (run.length > 0) runs.push(run);
    this.clear();
    return runs.map(statementOf);
  }

  /** Drops every waiting row (the group they belong to is lost). */
  clear(): void {
    this.waiting = [];
    this.tables.clear();
  }
}

/** One statement for a run of works' rows of one head: a lone work's statement as it was built. */
function statementOf<Owner>(parts: CarriedRows<Owner>[]): CarriedStatement<Owner> {
  const [only] = parts;
  if (parts.length === 1 && only) return { sql: only.statement.sql, values: only.statement.values, parts };
  const values: SQLInputValue[] = [];
  let rows = 0;
  for (const { statement } of parts) {
    for (const value of statement.values) values.push(value);
    rows += statement.rows;
  }
  const { head, width } = (only as CarriedRows<Owner>).statement;
  return { sql: multiRowInsertSql(head, width, rows), values, parts };
}
