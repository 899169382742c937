import type { RequestLogRow } from '../store/repositories/request-log-repo.js';

/** A log row with nothing in it to read: for tests of where rows go and which ids they get. */
export function plainLogRow(overrides: Partial<RequestLogRow> = {}): RequestLogRow {
  return {
    at: '2026-12-01T00:00:00.000Z',
    method: 'GET',
    path: '/p',
    status: 200,
    duration_ms: 1,
    app_id: null,
    debug_id: null,
    exchange: '{}',
    ...overrides,
  };
}
