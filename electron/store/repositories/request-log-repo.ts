import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { multiRowInsertSql, ROWS_PER_STATEMENT } from '../multi-row-insert.js';
import { classifyUserAgent, type RequestSource } from '../../../shared/request-source.js';

/** What was sent and answered, as the log keeps it (secrets and card numbers already redacted). */
export interface RequestLogExchange {
  request: { headers: Record<string, string>; body: unknown };
  response: { headers: Record<string, string>; body: unknown };
  /** Set when the operation is deprecated (spec 9.2): which one, and what replaces it. */
  deprecated?: LoggedDeprecation;
  /** Who sent it, by its User-Agent (shared/request-source.ts); absent in entries older than the field. */
  source?: RequestSource;
  /** The User-Agent as sent (cut at 512 characters). */
  user_agent?: string;
  /** The simulated time when it was answered (ISO, milliseconds); absent in entries older than the field. */
  simulated_at?: string;
}

/** A deprecated operation as the log marks it. */
export interface LoggedDeprecation {
  operation_id: string;
  replacement: string;
}

/** The searchable columns of one logged exchange. */
export interface RequestLogSummaryRow {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  app_id: string | null;
  debug_id: string | null;
  source?: RequestSource;
  simulated_at?: string;
}

/** One API exchange as the request log keeps it. */
export type RequestLogEntry = RequestLogSummaryRow & RequestLogExchange;

/**
 * A row about to be written: the exchange already serialized (`RequestLogExchange` as JSON) without its
 * two bodies, which go in columns of their own (migration 012).
 */
export type RequestLogRow = Omit<RequestLogSummaryRow, 'id'> & {
  exchange: string;
  request_body?: string | undefined;
  response_body?: string | undefined;
  /** Also inside `exchange`; kept beside it for the live `request-logged` event. */
  deprecated?: LoggedDeprecation;
};

/** A row as the table holds it: the exchange in the `entry` column, as JSON, its bodies beside it. */
type StoredRow = RequestLogSummaryRow & {
  entry: string;
  request_body: string | null;
  response_body: string | null;
};

const INSERT_HEAD =
  'INSERT INTO request_log (at, method, path, status, duration_ms, app_id, debug_id, entry, request_body, response_body)';
const INSERT_WIDTH = 10;

const toEntry = ({ entry, request_body, response_body, ...summary }: StoredRow): RequestLogEntry => {
  const exchange = JSON.parse(entry) as RequestLogExchange;
  // Rows written before migration 012 have their bodies inside `entry`, and NULL here.
  if (request_body !== null) exchange.request.body = request_body;
  if (response_body !== null) exchange.response.body = response_body;
  // Entries written before the source was recorded still have their request headers to tell it by.
  return {
    ...summary,
    ...exchange,
    source: exchange.source ?? classifyUserAgent(exchange.request.headers['user-agent']),
  };
};

/** What the repository needs of its database (the log's own, log-database.ts): cached statements. */
export interface LogStatements {
  prepare(sql: string): StatementSync;
  /** A statement that writes: only inside a transaction. */
  write(sql: string): StatementSync;
}

export class RequestLogRepository {
  constructor(private readonly store: LogStatements) {}

  /**
   * Inserts the rows (inside the caller's transaction) and returns their ids, in order. Up to
   * `ROWS_PER_STATEMENT` rows go in one statement (measured on an order create's entry: 3.5 to 5.8 µs a row
   * against 4.7 to 8.0 one statement each); the ids of one statement's rows are consecutive, as
   * AUTOINCREMENT gives each the next number in the order of its VALUES.
   */
  insertMany(rows: readonly RequestLogRow[]): number[] {
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const count = Math.min(ROWS_PER_STATEMENT, rows.length - start);
      const values: SQLInputValue[] = [];
      for (let i = start; i < start + count; i++) {
        const row = rows[i] as RequestLogRow;
        values.push(row.at, row.method, row.path, row.status, row.duration_ms, row.app_id, row.debug_id);
        values.push(row.exchange, row.request_body ?? null, row.response_body ?? null);
      }
      const last = Number(
        this.store.write(multiRowInsertSql(INSERT_HEAD, INSERT_WIDTH, count)).run(...values).lastInsertRowid,
      );
      for (let id = last - count + 1; id <= last; id++) ids.push(id);
    }
    return ids;
  }

  /** The newest entries first. */
  recent(limit: number, beforeId?: number): RequestLogEntry[] {
    return (
      this.store
        .prepare('SELECT * FROM request_log WHERE id < ? ORDER BY id DESC LIMIT ?')
        .all(beforeId ?? Number.MAX_SAFE_INTEGER, limit) as unknown as StoredRow[]
    ).map(toEntry);
  }

  /** Newest first, filtered by a path fragment, a status class (`4xx`) and a start time. */
  search(filter: {
    beforeId?: number | undefined;
    limit: number;
    path?: string | undefined;
    statusClass?: number | undefined;
    since?: string | undefined;
    source?: RequestSource | undefined;
  }): RequestLogEntry[] {
    const where = ['id < ?'];
    const args: (string | number)[] = [filter.beforeId ?? Number.MAX_SAFE_INTEGER];
    if (filter.path) {
      where.push("path LIKE ? ESCAPE '\\'");
      args.push(`%${filter.path.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    }
    if (filter.statusClass !== undefined) {
      where.push('status >= ? AND status < ?');
      args.push(filter.statusClass * 100, filter.statusClass * 100 + 100);
    }
    if (filter.since) {
      where.push('at >= ?');
      args.push(filter.since);
    }
    // The source lives in the entry's JSON (no column, so no migration for a display field): json_extract
    // per row is cheap next to the 20,000 rows the log keeps at most. Entries older than the field have no
    // source to match and are left out of a source filter.
    if (filter.source) {
      where.push("json_extract(entry, '$.source') = ?");
      args.push(filter.source);
    }
    return (
      this.store
        .prepare(`SELECT * FROM request_log WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`)
        .all(...args, filter.limit) as unknown as StoredRow[]
    ).map(toEntry);
  }

  byId(id: number): RequestLogEntry | undefined {
    const row = this.store.prepare('SELECT * FROM request_log WHERE id = ?').get(id) as StoredRow | undefined;
    return row ? toEntry(row) : undefined;
  }

  /** Keeps the newest `keep` entries. */
  trim(keep: number): void {
    this.store.write('DELETE FROM request_log WHERE id <= (SELECT MAX(id) FROM request_log) - ?').run(keep);
  }
}
