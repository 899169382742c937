import { describe, expect, it } from 'vitest';
import type { RequestLogDetail } from '../../../../shared/bridge';
import { NO_FILTERS, PAGE_SIZE, isFiltered, listInput, replayDraft, sinceIso } from './log-filters';

describe('request log filters', () => {
  it('turns filters into a page request', () => {
    const now = Date.parse('2025-01-01T12:00:00.000Z');
    expect(listInput(NO_FILTERS, undefined, now)).toEqual({ limit: PAGE_SIZE });
    expect(listInput({ path: ' orders ', status: '4xx', since: '5m', source: 'curl' }, 42, now)).toEqual({
      limit: PAGE_SIZE,
      before_id: 42,
      path: 'orders',
      status: '4xx',
      since: '2025-01-01T11:55:00.000Z',
      source: 'curl',
    });
    expect(sinceIso('all', now)).toBeUndefined();
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, since: '1h' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, source: 'sdk' })).toBe(true);
  });

  it('replays without the token and the headers the client sets itself', () => {
    const entry: RequestLogDetail = {
      id: 1,
      at: '2025-01-01T12:00:00.000Z',
      simulated_at: '2025-01-04T12:00:00.000Z',
      source: 'curl',
      user_agent: 'curl/8.5.0',
      method: 'POST',
      path: '/v2/checkout/orders?x=1',
      status: 201,
      duration_ms: 3,
      debug_id: null,
      request: {
        headers: {
          authorization: 'Bearer [redacted]',
          host: '127.0.0.1:1',
          'content-length': '10',
          connection: 'keep-alive',
          'sec-fetch-mode': 'cors',
          'accept-encoding': 'gzip',
          prefer: 'return=representation',
          'svc-request-id': 'k1',
          'user-agent': 'curl/8.5.0',
        },
        body: { intent: 'CAPTURE' },
      },
      response: { headers: {}, body: null },
    };
    expect(replayDraft(entry)).toEqual({
      method: 'POST',
      path: '/v2/checkout/orders?x=1',
      headers: { prefer: 'return=representation', 'svc-request-id': 'k1' },
      body: '{\n  "intent": "CAPTURE"\n}',
    });
  });
});
