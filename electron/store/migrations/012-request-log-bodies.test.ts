import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { LogDatabase } from '../log-database.js';
import { RequestLogRepository } from '../repositories/request-log-repo.js';
import { oldWorkspaces } from './migration-test-kit.js';

describe('migration 012 (request log bodies in columns of their own)', () => {
  const workspaces = oldWorkspaces('migration-012-');
  afterEach(() => workspaces.cleanup());

  const ENTRY = JSON.stringify({
    request: { headers: { 'content-type': 'application/json' }, body: '{"intent":"CAPTURE"}' },
    response: { headers: {}, body: '{"id":"O1","status":"CREATED"}' },
    source: 'curl',
  });

  it('a workspace of version 11 opens with its logged bodies inside the entry, read as before', () => {
    const dir = workspaces.at(11, (raw) => {
      raw
        .prepare(
          `INSERT INTO request_log (at, method, path, status, duration_ms, app_id, debug_id, entry)
           VALUES ('2026-12-01T00:00:00.000Z', 'POST', '/v2/checkout/orders', 201, 1, NULL, NULL, ?)`,
        )
        .run(ENTRY);
    });
    // Opening runs the later migrations too: 013 moves the log to its own database, rows as they are.
    new Database({ kind: 'dir', dir }).close();
    const db = new LogDatabase({ kind: 'dir', dir });
    try {
      expect(db.db.prepare('SELECT request_body, response_body FROM request_log').get()).toEqual({
        request_body: null,
        response_body: null,
      });
      const [entry] = new RequestLogRepository(db).recent(10);
      expect(entry?.request).toEqual({
        headers: { 'content-type': 'application/json' },
        body: '{"intent":"CAPTURE"}',
      });
      expect(entry?.response.body).toBe('{"id":"O1","status":"CREATED"}');
    } finally {
      db.close();
    }
  });
});
