import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge.js';
import { BRIDGE_EVENT_NAMES, type BridgeEventName } from '../../shared/bridge-methods.js';
import type { HostEventMap } from '../events.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../test-support/api-harness.js';
import type { BrowserBridge } from './browser-bridge.js';
import { TOKEN_HEADER } from './browser-bridge.js';
import { type Host } from './create-host.js';
import { CONTENT_SECURITY_POLICY } from './ui-files.js';
import { startBrowserHost } from '../test-support/browser-host.js';
import type { WorkbenchService } from './workbench-service.js';

/** A real listening host in browser mode, with a tiny stand-in UI folder. */
describe('browser mode and the workbench service', () => {
  let host: Host;
  let browser: BrowserBridge;
  let service: WorkbenchService;
  let base: string;

  beforeEach(async () => {
    ({ host, browser, service, base } = await startBrowserHost({
      uiFiles: { 'assets/app.js': 'console.log(1)' },
    }));
  });
  afterEach(async () => host.close());

  const rpc = (
    method: string,
    body: unknown,
    headers: Record<string, string> = { [TOKEN_HEADER]: browser.token },
  ) =>
    fetch(`${base}/__workbench/rpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('serves the UI with a strict CSP, and client routes fall back to index.html', async () => {
    const index = await fetch(`${base}/__workbench/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await (await fetch(`${base}/__workbench/assets/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${base}/__workbench/some/route`)).status).toBe(200);
    expect((await fetch(`${base}/__workbench/..%2f..%2fpackage.json`)).status).not.toBe(500);
    expect(browser.workbenchUrl(base)).toBe(`${base}/__workbench/?token=${browser.token}`);
  });

  it('answers RPC only with the launch token, our Host and our Origin', async () => {
    expect((await rpc('getInfo', {})).status).toBe(200);
    expect((await rpc('getInfo', {}, {})).status).toBe(403);
    expect((await rpc('getInfo', {}, { [TOKEN_HEADER]: 'wrong' })).status).toBe(403);
    expect(
      (await rpc('getInfo', {}, { [TOKEN_HEADER]: browser.token, origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await rpc('getInfo', {}, { [TOKEN_HEADER]: browser.token, origin: base })).status).toBe(200);
    // A DNS-rebinding page reaches us under another host name.
    // (fetch may not set Host, so node:http sends this one.)
    const rebound = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(base);
      const call = request(
        {
          host: '127.0.0.1',
          port,
          path: '/__workbench/rpc/getInfo',
          method: 'POST',
          headers: {
            host: 'evil.example:80',
            [TOKEN_HEADER]: browser.token,
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      call.on('error', reject);
      call.end('{}');
    });
    expect(rebound).toBe(403);
  });

  it('compares the whole Origin: scheme, host and port', async () => {
    const call = (origin: string) => rpc('getInfo', {}, { [TOKEN_HEADER]: browser.token, origin });
    const { port } = new URL(base);
    expect((await call(`http://localhost:${port}`)).status).toBe(200);
    for (const origin of [
      base.replace('http:', 'https:'),
      `ws://127.0.0.1:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      `http://127.0.0.1`,
      'null',
      `127.0.0.1:${port}`,
      `http://user@127.0.0.1:${port}`,
    ])
      expect((await call(origin)).status, origin).toBe(403);
    const events = await fetch(`${base}/__workbench/events?token=${browser.token}`, {
      headers: { origin: base.replace('http:', 'https:') },
    });
    expect(events.status).toBe(403);
  });

  it('parses every call with its schema and reports bad input clearly', async () => {
    const bad = await rpc('listResources', { kind: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { name: string } }).error.name).toBe('INVALID_INPUT');
    expect((await rpc('noSuchMethod', {})).status).toBe(404);
  });

  it('sends API calls through the real pipeline with a token the host holds', async () => {
    const created = await service.call('sendRequest', {
      method: 'POST',
      path: '/v2/checkout/orders',
      body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '9.99' } }] },
    });
    const response = created as {
      status: number;
      body: { id: string };
      request: { headers: Record<string, string> };
      curl: string;
    };
    expect(response.status).toBe(201);
    expect(response.request.headers.authorization).toBe('Bearer ••••••••');
    expect(response.curl).toContain('Authorization: Bearer $TOKEN');
    expect(JSON.stringify(response)).not.toMatch(/A21AA[\w-]{20,}/);

    const list = (await service.call('listResources', { kind: 'order' })) as {
      items: { id: string; amount: { value: string } }[];
      total: number;
    };
    expect(list.total).toBe(1);
    expect(list.items[0]?.amount.value).toBe('9.99');
    const detail = (await service.call('getResource', { kind: 'order', id: response.body.id })) as {
      history: unknown[];
      resource: { links: unknown[] };
    };
    expect(detail.history).toHaveLength(1);
    expect(detail.resource.links.length).toBeGreaterThan(0);

    const log = (await service.call('listRequestLog', { path: '/v2/checkout/orders' })) as {
      items: { id: number; status: number }[];
    };
    expect(log.items.some((entry) => entry.status === 201)).toBe(true);
    const har = (await service.call('exportHar', {})) as {
      har: { log: { entries: unknown[] } };
      count: number;
    };
    expect(har.count).toBeGreaterThan(0);
    expect(JSON.stringify(har.har)).not.toMatch(/Bearer A21AA/);
  });

  it('sorts resource lists by a closed set of columns, both ways, and refuses any other', async () => {
    const ids: string[] = [];
    for (const value of ['1.00', '2.00', '3.00']) {
      const created = (await service.call('sendRequest', {
        method: 'POST',
        path: '/v2/checkout/orders',
        body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value } }] },
      })) as { body: { id: string } };
      ids.push(created.body.id);
    }
    const listed = async (input: Record<string, unknown>) =>
      (
        (await service.call('listResources', { kind: 'order', page_size: 200, ...input })) as {
          items: { id: string }[];
        }
      ).items
        .map((item) => item.id)
        .filter((id) => ids.includes(id));
    expect(await listed({})).toEqual([...ids].reverse());
    expect(await listed({ sort_by: 'create_time', sort_order: 'asc' })).toEqual(ids);
    expect(await listed({ sort_by: 'id', sort_order: 'asc' })).toEqual([...ids].sort());
    expect(await listed({ sort_by: 'id', sort_order: 'desc' })).toEqual([...ids].sort().reverse());
    const bad = await rpc('listResources', { kind: 'order', sort_by: 'body; DROP TABLE resources' });
    expect(bad.status).toBe(400);
  });

  it('checks credentials when a remote environment is added, and keeps its secret masked and removable', async () => {
    // This host stands in for a remote sandbox: its base URL and the test app's credentials.
    const wrong = {
      name: 'Staging',
      base_url: base,
      client_id: TEST_CLIENT_ID,
      client_secret: 'not-the-secret',
    };
    await expect(service.call('addEnvironment', wrong)).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      message: expect.stringMatching(/^The token request to Staging failed \(401\)/),
    });
    const unreachable = { ...wrong, base_url: 'http://127.0.0.1:9', client_secret: TEST_CLIENT_SECRET };
    await expect(service.call('addEnvironment', unreachable)).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      message: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9 could not be reached/),
    });
    // Neither refused environment was kept.
    expect(((await service.call('listEnvironments', {})) as unknown[]).length).toBe(1);

    const added = (await service.call('addEnvironment', {
      ...wrong,
      client_secret: TEST_CLIENT_SECRET,
    })) as { id: string; client_secret_masked: string };
    expect(added.client_secret_masked).toBe(`••••••••${TEST_CLIENT_SECRET.slice(-4)}`);
    const listed = await service.call('listEnvironments', {});
    expect(JSON.stringify(listed)).not.toContain(TEST_CLIENT_SECRET);
    await expect(service.call('removeEnvironment', { id: 'embedded' })).rejects.toMatchObject({
      errorName: 'FORBIDDEN',
    });
    expect(await service.call('removeEnvironment', { id: added.id })).toEqual({ removed: true });
    await expect(
      service.call('addEnvironment', { name: 'x', base_url: 'ftp://x', client_id: 'a', client_secret: 'b' }),
    ).rejects.toMatchObject({ errorName: 'INVALID_INPUT' });
  });

  it('relays every host event the bridge names, and nothing once unsubscribed', () => {
    // Typed against both lists: a bridge event without a host sample here does not compile.
    const samples: { [E in BridgeEventName]: HostEventMap[E] } = {
      'request-logged': [
        {
          id: 7,
          at: '2026-01-01T00:00:00.000Z',
          method: 'GET',
          path: '/x',
          status: 200,
          duration_ms: 1.234,
          app_id: null,
          debug_id: null,
        },
      ],
      'resource-changed': [{ kind: 'order', id: 'O-1', status: 'APPROVED', trigger: 'approve' }],
      'webhook-received': [
        {
          id: 'M-1',
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          received_at: '2026-01-01T00:00:00Z',
          answered_status: 200,
          mock: false,
        },
      ],
      'webhook-outbox-changed': [
        { change: 'delivery-attempted', event_id: 'WH-1', delivery_id: 'D-1', delivery_status: 'DELIVERED' },
      ],
      'clock-moved': [{ now: '2026-01-01T00:00:00.000Z', offset_ms: 0 }],
    };
    const heard: BridgeEvent[] = [];
    const unsubscribe = service.onEvent((event) => heard.push(event));
    const emitAll = () => {
      for (const name of BRIDGE_EVENT_NAMES) host.deps.events.emit(name, ...(samples[name] as [never]));
    };
    emitAll();
    expect(heard.map((e) => e.type)).toEqual([...BRIDGE_EVENT_NAMES]);
    expect(heard.find((e) => e.type === 'webhook-outbox-changed')?.payload).toEqual(
      samples['webhook-outbox-changed'][0],
    );
    // The request log's summary is the bridge's shape: durations rounded to a tenth of a millisecond.
    expect(heard.find((e) => e.type === 'request-logged')?.payload).toMatchObject({
      id: 7,
      duration_ms: 1.2,
    });
    unsubscribe();
    emitAll();
    expect(heard).toHaveLength(BRIDGE_EVENT_NAMES.length);
  });

  it('streams host events over SSE to a token holder', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/__workbench/events?token=${browser.token}`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream' },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body?.getReader();
    await service.call('sendRequest', {
      method: 'POST',
      path: '/v1/test-helpers/clock',
      body: { advance_seconds: 60 },
    });
    let text = '';
    while (!text.includes('event: clock-moved')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    expect(text).toContain('event: clock-moved');
    controller.abort();
    expect((await fetch(`${base}/__workbench/events?token=nope`)).status).toBe(403);
  });
});
