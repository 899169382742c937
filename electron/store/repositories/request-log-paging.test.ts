import { afterEach, describe, expect, it } from 'vitest';
import { LogDatabase } from '../log-database.js';
import { RequestLogRepository, type RequestLogRow } from './request-log-repo.js';

/** The log's own database with its repository, as the log's thread holds them. */
interface LogStore {
  db: LogDatabase;
  requestLog: RequestLogRepository;
}

function openLog(): LogStore {
  const db = new LogDatabase({ kind: 'memory' });
  return { db, requestLog: new RequestLogRepository(db) };
}

/** A logged exchange: `i` picks its path, status and source so filters have something to tell apart. */
function row(i: number): RequestLogRow {
  const source = i % 3 === 0 ? 'curl' : 'workbench';
  return {
    at: new Date(Date.UTC(2026, 4, 15, 12, 0, i)).toISOString(),
    method: 'GET',
    path: i % 2 === 0 ? `/v2/checkout/orders/O${i}` : `/v1/payments/payouts/B${i}`,
    status: i % 5 === 0 ? 404 : 200,
    duration_ms: 1,
    app_id: null,
    debug_id: null,
    exchange: JSON.stringify({
      request: { headers: {}, body: null },
      response: { headers: {}, body: null },
      source,
    }),
  };
}

describe('the request log, a page at a time with the filters in SQL', () => {
  let store: LogStore | undefined;
  afterEach(() => {
    store?.db.close();
    store = undefined;
  });

  const seeded = (count: number): LogStore => {
    const opened = openLog();
    opened.db.transaction(() =>
      opened.requestLog.insertMany(Array.from({ length: count }, (_, i) => row(i))),
    );
    return opened;
  };

  it('gives every inserted row its own id, in order, across the statements a long batch takes', () => {
    store = seeded(7);
    const rows = Array.from({ length: 123 }, (_, i) => row(i + 7));
    const ids = store.db.transaction(() => store!.requestLog.insertMany(rows));
    expect(ids).toEqual(Array.from({ length: 123 }, (_, i) => i + 8));
    for (const [i, id] of ids.entries()) expect(store.requestLog.byId(id)?.path).toBe(rows[i]!.path);
    // After a trim the numbers go on from the highest ever given (AUTOINCREMENT), never reused.
    store.db.transaction(() => store!.requestLog.trim(0));
    expect(store.db.transaction(() => store!.requestLog.insertMany([row(1), row(2)]))).toEqual([131, 132]);
  });

  it('keeps the bodies as texts beside the entry and reads them back into it, an absent body absent', () => {
    store = openLog();
    const body = '{"intent":"CAPTURE","purchase_units":[{"description":"a \\"quoted\\" word"}]}';
    const [withBodies, without] = store.db.transaction(() =>
      store!.requestLog.insertMany([
        { ...row(1), request_body: body, response_body: '{"id":"O1"}' },
        { ...row(2), exchange: JSON.stringify({ request: { headers: {} }, response: { headers: {} } }) },
      ]),
    );
    const stored = store.db.db
      .prepare('SELECT entry, request_body, response_body FROM request_log WHERE id = ?')
      .get(withBodies!) as { entry: string; request_body: string; response_body: string };
    // Stored as sent: no escaped copy inside the entry's JSON.
    expect(stored.request_body).toBe(body);
    expect(stored.entry).not.toContain('intent');
    const read = store.requestLog.byId(withBodies!);
    expect(read?.request.body).toBe(body);
    expect(read?.response.body).toBe('{"id":"O1"}');
    expect(read?.source).toBe('workbench');
    const bare = store.requestLog.byId(without!);
    expect(bare?.request).toEqual({ headers: {} });
    expect(bare?.response).toEqual({ headers: {} });
  });

  /** Every page of a filter, following the before-id cursor as the Request log page does. */
  const walk = (filter: Parameters<RequestLogRepository['search']>[0]) => {
    const pages: number[][] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = store!.requestLog.search({ ...filter, beforeId });
      if (page.length === 0) break;
      pages.push(page.map((e) => e.id));
      if (page.length < filter.limit) break;
      beforeId = page[page.length - 1]!.id;
    }
    return pages;
  };

  it('walks 3,000 entries newest first in pages of 100, each once', () => {
    store = seeded(3000);
    const pages = walk({ limit: 100 });
    expect(pages).toHaveLength(30);
    const ids = pages.flat();
    expect(ids).toHaveLength(3000);
    expect(new Set(ids).size).toBe(3000);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('pages a filtered view by the same cursor: path, status class and source together', () => {
    store = seeded(3000);
    const ids = walk({ limit: 50, path: 'checkout', statusClass: 4, source: 'curl' }).flat();
    // Even (checkout), a multiple of 5 (404) and of 3 (curl): every 30th entry.
    expect(ids).toHaveLength(100);
    const entries = ids.map((id) => store!.requestLog.byId(id)!);
    for (const entry of entries) {
      expect(entry.path).toContain('/v2/checkout/orders/');
      expect(entry.status).toBe(404);
      expect(entry.source).toBe('curl');
    }
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a path fragment with LIKE wildcards matches them literally', () => {
    store = seeded(10);
    expect(store.requestLog.search({ limit: 100, path: '%' })).toEqual([]);
    expect(store.requestLog.search({ limit: 100, path: '_' })).toEqual([]);
  });
});
