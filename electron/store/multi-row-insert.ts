/**
 * Rows a multi-row INSERT writes at most: fewer calls across the native boundary and fewer statement
 * runs (measured on a payout item's row: 9.2 µs a row one statement each, 6.1 at 50 a statement, no
 * better at 250).
 */
export const ROWS_PER_STATEMENT = 50;

/** By head, then by row count: a head is a constant string, whose hash the map keeps. */
const statements = new Map<string, string[]>();

/**
 * `head VALUES (?, ...), ...` for `rows` rows of `width` values (`head` is `INSERT INTO table
 * (columns)`), built once per head and count. Every insert asks for its statement here, on the hot
 * path of every write: found by the head itself, not by a key text built, flattened and hashed anew on
 * each call (0.75% of a served create's profile samples).
 */
export function multiRowInsertSql(head: string, width: number, rows: number): string {
  let byRows = statements.get(head);
  if (!byRows) {
    byRows = [];
    statements.set(head, byRows);
  }
  let sql = byRows[rows];
  if (!sql) {
    const row = `(${'?, '.repeat(width - 1)}?)`;
    sql = `${head} VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
    byRows[rows] = sql;
  }
  return sql;
}
