import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogDetail, RequestLogSummary } from '../../shared/bridge.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../test-support/api-harness.js';
import { oldWorkspaces } from '../store/migrations/migration-test-kit.js';
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

    const stored = host.api.requestLogger.search({ limit: 1, path: 'AFTERTHEMOVE1' });
    const har = toHar(stored, base, 'test') as { log: { entries: Record<string, unknown>[] } };
    expect(har.log.entries[0]).toMatchObject({
      startedDateTime: entry?.at,
      _simulatedDateTime: entry?.simulated_at,
      _source: 'curl',
    });
  });
});

/**
 * A workspace of an earlier version: its log's entries were kept in the workspace's own database, some
 * from before the source and simulated time were recorded. Opened now, they are in the log's database
 * (migration 013) and read as before.
 */
describe('the request log of a workspace from before', () => {
  const workspaces = oldWorkspaces('request-log-source-');
  let host: Host | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
    workspaces.cleanup();
  });

  it('keeps its entries, ids and all, and gives an old one its source from its headers', async () => {
    const dir = workspaces.at(12, (raw) => {
      const insert = raw.prepare(
        `INSERT INTO request_log (id, at, method, path, status, duration_ms, app_id, debug_id, entry)
         VALUES (?, '2025-01-01T00:00:00.000Z', 'GET', ?, 404, 1, NULL, NULL, ?)`,
      );
      const exchange = JSON.stringify({
        request: { headers: { 'user-agent': 'curl/7.81.0' } },
        response: { headers: {} },
      });
      for (let i = 1; i <= 120; i++)
        insert.run(i + 40, `/v2/checkout/orders/OLDENTRY${String(i).padStart(5, '0')}`, exchange);
    });
    host = createHost({
      location: { kind: 'dir', dir },
      credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    });
    const base = await host.listen('127.0.0.1', 0);
    const service = new WorkbenchService(host, {
      mode: 'browser',
      version: '1.2.3-test',
      vault: new MemoryVault(),
      embeddedBaseUrl: base,
    });
    const old = (
      (await service.call('listRequestLog', { path: 'OLDENTRY00001' })) as { items: RequestLogSummary[] }
    ).items;
    expect(old).toEqual([
      expect.objectContaining({ id: 41, source: 'curl', simulated_at: null, at: '2025-01-01T00:00:00.000Z' }),
    ]);
    expect(host.api.requestLogger.recent(1000)).toHaveLength(120);
    // A new exchange's id goes on from the highest kept.
    await fetch(`${base}/v2/checkout/orders/NEWENTRY00001`);
    const [newest] = host.api.requestLogger.recent(1);
    expect(newest).toMatchObject({ id: 161, path: '/v2/checkout/orders/NEWENTRY00001', status: 401 });
  });
});
