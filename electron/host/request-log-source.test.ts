import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogDetail, RequestLogSummary } from '../../shared/bridge.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../test-support/api-harness.js';
import { createHost, type Host } from './create-host.js';
import { toHar } from './har.js';
import { MemoryVault } from './vault.js';
import { WorkbenchService } from './workbench-service.js';

/** What the request log records of each call: who sent it (by User-Agent), and both times. */
describe('the request log: source and times', () => {
  let host: Host;
  let service: WorkbenchService;
  let base: string;

  beforeEach(async () => {
    host = createHost({
      location: { kind: 'memory' },
      credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    });
    base = await host.listen('127.0.0.1', 0);
    service = new WorkbenchService(host, {
      mode: 'browser',
      version: '1.2.3-test',
      vault: new MemoryVault(),
      embeddedBaseUrl: base,
    });
  });
  afterEach(async () => host.close());

  const token = async () => {
    const answer = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'curl/8.5.0',
      },
      body: 'grant_type=client_credentials',
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const outside = async (path: string, userAgent?: string) =>
    fetch(`${base}${path}`, {
      headers: {
        authorization: `Bearer ${await token()}`,
        ...(userAgent !== undefined ? { 'user-agent': userAgent } : {}),
      },
    });
  const list = async (input: Record<string, unknown> = {}) =>
    ((await service.call('listRequestLog', input)) as { items: RequestLogSummary[] }).items;
  const newest = async (path: string) => (await list({ path })).find((e) => e.path === path);

  it('tells the workbench, curl and an SDK apart by User-Agent, and filters by source', async () => {
    await service.call('sendRequest', { method: 'GET', path: '/v2/checkout/orders/FROMWORKBENCH1' });
    await outside('/v2/checkout/orders/FROMCURL00001', 'curl/8.5.0');
    await outside('/v2/checkout/orders/FROMSDK000001'); // Node's fetch: `node`, as an SDK built on it sends.
    await outside('/v2/checkout/orders/FROMPAYPALSDK', 'PayPalSDK/Checkout-NodeJS-SDK 1.0.3 (node v20)');

    expect((await newest('/v2/checkout/orders/FROMWORKBENCH1'))?.source).toBe('workbench');
    expect((await newest('/v2/checkout/orders/FROMCURL00001'))?.source).toBe('curl');
    expect((await newest('/v2/checkout/orders/FROMSDK000001'))?.source).toBe('sdk');
    expect((await newest('/v2/checkout/orders/FROMPAYPALSDK'))?.source).toBe('sdk');

    // The workbench's own token request is the workbench's too; the curl one is curl's.
    const curl = await list({ source: 'curl' });
    expect(curl.every((e) => e.source === 'curl')).toBe(true);
    expect(curl.map((e) => e.path)).toContain('/v2/checkout/orders/FROMCURL00001');
    expect(curl.map((e) => e.path)).toContain('/v1/oauth2/token');
    const workbench = await list({ source: 'workbench' });
    expect(workbench.map((e) => e.path).sort()).toEqual([
      '/v1/oauth2/token',
      '/v2/checkout/orders/FROMWORKBENCH1',
    ]);

    const detail = (await service.call('getRequestLogEntry', {
      id: (await newest('/v2/checkout/orders/FROMPAYPALSDK'))?.id,
    })) as RequestLogDetail;
    expect(detail.user_agent).toBe('PayPalSDK/Checkout-NodeJS-SDK 1.0.3 (node v20)');
    expect(detail.source).toBe('sdk');
  });

  it('keeps a User-Agent the console user set, and never shows the workbench one in the curl line', async () => {
    const answer = (await service.call('sendRequest', {
      method: 'GET',
      path: '/v2/checkout/orders/OWNAGENT00001',
      headers: { 'User-Agent': 'curl/7.0' },
    })) as { curl: string };
    expect((await newest('/v2/checkout/orders/OWNAGENT00001'))?.source).toBe('curl');
    const plain = (await service.call('sendRequest', {
      method: 'GET',
      path: '/v2/checkout/orders/PLAIN00000001',
    })) as { curl: string; request: { headers: Record<string, string> } };
    expect(plain.curl).not.toContain('PaymentsWorkbench');
    expect(Object.keys(plain.request.headers).map((h) => h.toLowerCase())).not.toContain('user-agent');
    expect(answer.curl).toContain('User-Agent: curl/7.0');
  });

  it('records the simulated time beside the real one, a moved clock apart from it', async () => {
    await service.call('sendRequest', {
      method: 'POST',
      path: '/v1/test-helpers/clock',
      body: { advance_seconds: 3 * 86_400 },
    });
    await outside('/v2/checkout/orders/AFTERTHEMOVE1', 'curl/8.5.0');
    const entry = await newest('/v2/checkout/orders/AFTERTHEMOVE1');
    expect(entry?.simulated_at).toBeTruthy();
    const apart = Date.parse(entry?.simulated_at ?? '') - Date.parse(entry?.at ?? '');
    expect(apart).toBe(host.deps.clock.offset);
    expect(apart).toBeGreaterThanOrEqual(3 * 86_400_000);

    host.api.requestLogger.flush();
    const stored = host.deps.store.requestLog.search({ limit: 1, path: 'AFTERTHEMOVE1' });
    const har = toHar(stored, base, 'test') as { log: { entries: Record<string, unknown>[] } };
    expect(har.log.entries[0]).toMatchObject({
      startedDateTime: entry?.at,
      _simulatedDateTime: entry?.simulated_at,
      _source: 'curl',
    });
  });

  it('gives an entry logged before these fields its source from its headers and no simulated time', async () => {
    host.deps.store.transaction(() =>
      host.deps.store.requestLog.insertMany([
        {
          at: '2025-01-01T00:00:00.000Z',
          method: 'GET',
          path: '/v2/checkout/orders/OLDENTRY00001',
          status: 404,
          duration_ms: 1,
          app_id: null,
          debug_id: null,
          exchange: JSON.stringify({
            request: { headers: { 'user-agent': 'curl/7.81.0' }, body: undefined },
            response: { headers: {}, body: undefined },
          }),
        },
      ]),
    );
    const old = await newest('/v2/checkout/orders/OLDENTRY00001');
    expect(old).toMatchObject({ source: 'curl', simulated_at: null, at: '2025-01-01T00:00:00.000Z' });
  });
});
