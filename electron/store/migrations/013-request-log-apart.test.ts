import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { LogDatabase } from '../log-database.js';
import { RequestLogRepository } from '../repositories/request-log-repo.js';
import { plainLogRow } from '../../test-support/request-log-row.js';
import { oldWorkspaces } from './migration-test-kit.js';

describe('migration 013 (the request log in a database of its own)', () => {
  const workspaces = oldWorkspaces('migration-013-');
  afterEach(() => workspaces.cleanup());

  const tables = (db: Database) =>
    (db.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (row) => row.name,
    );

  const workspaceAtVersion12 = () =>
    workspaces.at(12, (raw) => {
      const insert = raw.prepare(
        `INSERT INTO request_log (id, at, method, path, status, duration_ms, app_id, debug_id, entry, request_body, response_body)
         VALUES (?, '2026-12-01T00:00:00.000Z', 'POST', ?, 201, 2.5, 'APP1', ?, ?, ?, '{"id":"O"}')`,
      );
      const entry = JSON.stringify({ request: { headers: {} }, response: { headers: {} }, source: 'curl' });
      for (const id of [5, 6, 7])
        insert.run(id, `/v2/checkout/orders?n=${id}`, `DEBUG${id}`, entry, `{"n":${id}}`);
    });

  it('moves every entry, ids and bodies as they were, and drops the table from the workspace', () => {
    const dir = workspaceAtVersion12();
    const database = new Database({ kind: 'dir', dir });
    expect(tables(database)).not.toContain('request_log');
    database.close();

    const log = new LogDatabase({ kind: 'dir', dir });
    try {
      const entries = new RequestLogRepository(log).recent(10);
      expect(entries.map((e) => [e.id, e.debug_id, e.request.body, e.response.body])).toEqual([
        [7, 'DEBUG7', '{"n":7}', '{"id":"O"}'],
        [6, 'DEBUG6', '{"n":6}', '{"id":"O"}'],
        [5, 'DEBUG5', '{"n":5}', '{"id":"O"}'],
      ]);
      expect(entries[0]).toMatchObject({ status: 201, duration_ms: 2.5, app_id: 'APP1', source: 'curl' });
      // The next id goes on from the highest moved (AUTOINCREMENT's counter came along).
      const [next] = log.transaction(() => new RequestLogRepository(log).insertMany([plainLogRow()]));
      expect(next).toBe(8);
    } finally {
      log.close();
    }
  });

  it('copies nothing twice when a copy was cut short before the table was dropped', () => {
    const dir = workspaceAtVersion12();
    // A copy that got as far as entry 6 and was committed, before the workspace recorded the migration.
    const partial = new LogDatabase({ kind: 'dir', dir });
    partial.db
      .prepare(
        `INSERT INTO request_log (id, at, method, path, status, duration_ms, entry)
         VALUES (6, 'x', 'POST', '/v2/checkout/orders?n=6', 201, 1, '{"request":{"headers":{}},"response":{"headers":{}}}')`,
      )
      .run();
    partial.close();
    new Database({ kind: 'dir', dir }).close();
    const log = new LogDatabase({ kind: 'dir', dir });
    try {
      expect(new RequestLogRepository(log).recent(10).map((e) => e.id)).toEqual([7, 6, 5]);
    } finally {
      log.close();
    }
  });

  it('leaves an ephemeral workspace without the table', () => {
    const database = new Database({ kind: 'memory' });
    expect(tables(database)).not.toContain('request_log');
    database.close();
  });
});
