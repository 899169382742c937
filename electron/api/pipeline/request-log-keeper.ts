import type { StoreLocation } from '../../store/connection.js';
import { LogDatabase } from '../../store/log-database.js';
import {
  RequestLogRepository,
  type RequestLogEntry,
  type RequestLogRow,
  type RequestLogSummaryRow,
} from '../../store/repositories/request-log-repo.js';
import { RequestLogRows, type RecordedExchange } from './request-log-rows.js';

/** The log keeps its newest this many entries. */
export const KEEP_ENTRIES = 20_000;

/** A written entry as the live `request-logged` event carries it: the summary the list shows. */
export type LoggedSummary = RequestLogSummaryRow & Pick<RequestLogRow, 'deprecated'>;

/** What one batch came to: the summaries of its entries when asked for, and what could not be kept. */
export interface AppendResult {
  summaries: LoggedSummary[];
  failures: { what: string; message: string }[];
}

/** A search of the log: newest first, by a path fragment, a status class (`4xx`), a start time, a source. */
export type LogSearch = Parameters<RequestLogRepository['search']>[0];

/**
 * The request log's keeping, as its thread runs it (request-log-worker.ts): its own database, the rows
 * made from recorded exchanges, the newest `KEEP_ENTRIES` kept, and the reads. Plain synchronous code, so
 * it is tested without a thread.
 */
export class RequestLogKeeper {
  private readonly database: LogDatabase;
  private readonly repository: RequestLogRepository;
  private readonly rows = new RequestLogRows();
  private written = 0;

  constructor(location: StoreLocation) {
    this.database = new LogDatabase(location);
    this.repository = new RequestLogRepository(this.database);
  }

  /**
   * Makes and writes one batch of entries in one transaction. An entry whose row cannot be made is left
   * out; a batch the database cannot take (disk full) is lost: both are told back, never thrown.
   */
  append(recorded: readonly RecordedExchange[], summarize: boolean): AppendResult {
    const failures: AppendResult['failures'] = [];
    const rows: RequestLogRow[] = [];
    for (const entry of recorded) {
      try {
        rows.push(this.rows.rowOf(entry));
      } catch (error) {
        failures.push({ what: `the entry of ${entry.method} ${entry.url}`, message: messageOf(error) });
      }
    }
    if (rows.length === 0) return { summaries: [], failures };
    let ids: number[];
    try {
      ids = this.database.transaction(() => this.write(rows));
    } catch (error) {
      failures.push({ what: `${rows.length} entries`, message: messageOf(error) });
      return { summaries: [], failures };
    }
    if (!summarize) return { summaries: [], failures };
    const summaries = rows.map((row, i): LoggedSummary => {
      const { exchange: _exchange, request_body: _request, response_body: _response, ...summary } = row;
      return { ...summary, id: ids[i] ?? 0 };
    });
    return { summaries, failures };
  }

  recent(limit: number, beforeId?: number): RequestLogEntry[] {
    return this.repository.recent(limit, beforeId);
  }

  search(filter: LogSearch): RequestLogEntry[] {
    return this.repository.search(filter);
  }

  byId(id: number): RequestLogEntry | undefined {
    return this.repository.byId(id);
  }

  close(): void {
    this.database.close();
  }

  private write(rows: readonly RequestLogRow[]): number[] {
    const ids = this.repository.insertMany(rows);
    this.written += rows.length;
    // A tenth of the kept entries at a time: one DELETE per 2,000 entries instead of one each.
    if (this.written > KEEP_ENTRIES / 10) {
      this.repository.trim(KEEP_ENTRIES);
      this.written = 0;
    }
    return ids;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
