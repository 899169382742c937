import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost, type Host, type HostOptions } from '../host/create-host.js';

export const TEST_CLIENT_ID = 'test-client-id';
export const TEST_CLIENT_SECRET = 'test-client-secret';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON body; tests read arbitrary shapes. */
  body: any;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw payload (sent as is, with the given Content-Type). */
  payload?: string;
  /** Bearer token to send; `null` sends none. Defaults to the harness token. */
  token?: string | null;
}

export interface ApiHarness {
  host: Host;
  dataDir: string | undefined;
  token: string;
  request(method: string, url: string, options?: RequestOptions): Promise<Reply>;
  newToken(scope?: string): Promise<string>;
  /** Creates an order and returns its id (wallet flow unless the body says otherwise). */
  createOrder(body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

export const basic = (id = TEST_CLIENT_ID, secret = TEST_CLIENT_SECRET): string =>
  'Basic ' + Buffer.from(`${id}:${secret}`).toString('base64');

export function simpleOrder(intent: 'CAPTURE' | 'AUTHORIZE' = 'CAPTURE', value = '100.00', currency = 'USD') {
  return { intent, purchase_units: [{ amount: { currency_code: currency, value } }] };
}

/**
 * A host on a fresh workspace (a temp data dir, or memory), driven through Fastify's `inject`: the whole
 * pipeline runs, no socket needed. Each test gets its own, so tests never share state.
 */
export async function startHarness(
  options: { persistent?: boolean; dataDir?: string } & Partial<HostOptions> = {},
): Promise<ApiHarness> {
  const dataDir =
    options.dataDir ?? (options.persistent ? mkdtempSync(join(tmpdir(), 'workbench-test-')) : undefined);
  const host = createHost({
    location: dataDir ? { kind: 'dir', dir: dataDir } : { kind: 'memory' },
    credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    ...(options.config ? { config: options.config } : {}),
    ...(options.realNow ? { realNow: options.realNow } : {}),
    ...(options.listener !== undefined ? { listener: options.listener } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
  await host.api.app.ready();

  const request = async (method: string, url: string, opts: RequestOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? harness.token : opts.token;
    if (token !== null && headers.authorization === undefined && headers.Authorization === undefined)
      headers.authorization = `Bearer ${token}`;
    let payload: string | undefined = opts.payload;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await host.api.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    let body: unknown;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body, text: response.body };
  };

  const newToken = async (scope?: string): Promise<string> => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      ...(scope ? { scope } : {}),
    }).toString();
    const reply = await request('POST', '/v1/oauth2/token', {
      token: null,
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    if (reply.status !== 200) throw new Error(`token request failed: ${reply.status} ${reply.text}`);
    return reply.body.access_token as string;
  };

  const harness: ApiHarness = {
    host,
    dataDir,
    token: '',
    request,
    newToken,
    createOrder: (body = simpleOrder(), headers = {}) =>
      request('POST', '/v2/checkout/orders', { body, headers }),
    async close() {
      await host.close();
      if (dataDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  harness.token = await newToken();
  return harness;
}
