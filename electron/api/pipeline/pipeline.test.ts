import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHarness, simpleOrder, type ApiHarness, type Reply } from '../../test-support/api-harness.js';
import { expectError } from '../../test-support/expect-error.js';
import { CARD, MASTERCARD, VISA } from '../../test-support/fixtures.js';
import { defineRoute } from '../route.js';
import { buildApiServer } from '../server.js';
import { IdempotencyGate } from './idempotency.js';
import { maskCardNumber, redactBody } from './request-log.js';

describe('the request pipeline', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it.each([
    ['no Authorization header', { token: null }, 'MISSING_AUTHORIZATION_HEADER'],
    ['an unknown token', { token: 'A21AAnotatoken' }, 'INVALID_TOKEN'],
    ['a non-Bearer scheme', { token: null, headers: { authorization: 'Basic abc' } }, 'INVALID_TOKEN'],
  ] as const)('answers 401 AUTHENTICATION_FAILURE for %s', async (_name, options, issue) => {
    api = await startHarness();
    const reply = await api.request('GET', '/v2/checkout/orders/ABC', options);
    expectError(reply, 'AUTHENTICATION_FAILURE', issue);
    expect(reply.headers['www-authenticate']).toBe('Bearer');
  });

  it('authenticates before routing: an unknown path without a token is 401, with one 404', async () => {
    api = await startHarness();
    expectError(await api.request('GET', '/v9/nothing', { token: null }), 'AUTHENTICATION_FAILURE');
    expectError(await api.request('GET', '/v9/nothing'), 'RESOURCE_NOT_FOUND', 'RESOURCE_NOT_FOUND');
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    api = await startHarness();
    const reply = await api.request('DELETE', '/v2/checkout/orders/ABC');
    expectError(reply, 'METHOD_NOT_SUPPORTED');
    expect(String(reply.headers.allow)).toContain('PATCH');
    expect(String(reply.headers.allow)).toContain('GET');
  });

  it.each([
    ['text/html', 406],
    ['application/json;q=0', 406],
    ['application/xml, text/plain', 406],
    ['application/json', 200],
    ['*/*', 200],
    ['application/*', 200],
  ])('Accept: %s gives %i', async (accept, status) => {
    api = await startHarness();
    const reply = await api.request('GET', '/v1/test-helpers/clock', { headers: { accept } });
    expect(reply.status).toBe(status);
    if (status === 406) expectError(reply, 'MEDIA_TYPE_NOT_ACCEPTABLE', 'UNSUPPORTED_ACCEPT');
  });

  it('answers 415 for a body that is not JSON', async () => {
    api = await startHarness();
    const reply = await api.request('POST', '/v2/checkout/orders', {
      headers: { 'content-type': 'text/plain' },
      payload: 'intent=CAPTURE',
    });
    expectError(reply, 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_CONTENT_TYPE');
  });

  it.each(['{"intent": "CAPTURE",}', '{', '[1, 2'])(
    'answers 400 MALFORMED_REQUEST_JSON for %s',
    async (payload) => {
      api = await startHarness();
      const reply = await api.request('POST', '/v2/checkout/orders', {
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectError(reply, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    },
  );

  it('answers 413 for a body above the limit and stores nothing', async () => {
    api = await startHarness({ config: { bodyLimitBytes: 512 } });
    const big = {
      ...simpleOrder(),
      purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' }, description: 'x'.repeat(600) }],
    };
    const reply = await api.request('POST', '/v2/checkout/orders', { body: big });
    expectError(reply, 'PAYLOAD_TOO_LARGE', 'REQUEST_BODY_TOO_LARGE');
    expect(api.host.deps.store.resources.count('order')).toBe(0);
  });

  it('rate-limits per token with 429 and Retry-After', async () => {
    api = await startHarness({ config: { tokenRateLimitPerMinute: 3 } });
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await api.request('GET', '/v1/test-helpers/clock'));
    expect(replies.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expectError(replies[3] as Reply, 'RATE_LIMIT_REACHED', 'RATE_LIMIT_REACHED');
    expect(Number((replies[3] as Reply).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another token of the same app has its own window.
    const other = await api.newToken();
    expect((await api.request('GET', '/v1/test-helpers/clock', { token: other })).status).toBe(200);
  });

  it.each([
    ['INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', undefined],
    ['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', undefined],
    ['RESOURCE_CONFLICT', 'RESOURCE_CONFLICT', undefined],
    ['RATE_LIMIT_REACHED', 'RATE_LIMIT_REACHED', undefined],
    ['INSTRUMENT_DECLINED', 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED'],
    ['PERMISSION_DENIED_FOR_DONATION_ITEMS', 'NOT_AUTHORIZED', 'PERMISSION_DENIED_FOR_DONATION_ITEMS'],
  ] as const)('Svc-Mock-Response forces %s without running the operation', async (code, name, issue) => {
    api = await startHarness();
    const reply = await api.createOrder(simpleOrder(), {
      'svc-mock-response': JSON.stringify({ mock_application_codes: code }),
    });
    expectError(reply, name, issue);
    expect(api.host.deps.store.resources.count('order')).toBe(0);
  });

  it.each(['not json', '{"mock_application_codes": 5}', '{"mock_application_codes": "NO_SUCH_CODE"}'])(
    'rejects the mock header %s with 400',
    async (header) => {
      api = await startHarness();
      const reply = await api.createOrder(simpleOrder(), { 'svc-mock-response': header });
      expectError(reply, 'INVALID_REQUEST', 'INVALID_MOCK_RESPONSE');
    },
  );

  it('answers an unexpected failure with 500 INTERNAL_SERVER_ERROR and no internals', async () => {
    api = await startHarness();
    const broken = buildApiServer(api.host.deps, api.host.services.kinds, [
      {
        routes: [
          defineRoute(
            {
              method: 'GET',
              path: '/v1/broken',
              operationId: 'broken',
              summary: 'always fails',
              tag: 'test',
              scope: 'openid',
              responses: { 200: 'never' },
            },
            {
              handle: () => {
                throw new Error('secret internal detail');
              },
            },
          ),
        ],
      },
    ]);
    const response = await broken.app.inject({
      method: 'GET',
      url: '/v1/broken',
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.name).toBe('INTERNAL_SERVER_ERROR');
    expect(response.body).not.toContain('secret internal detail');
    await broken.app.close();
  });

  it('reserves a Svc-Request-Id while in flight: a concurrent duplicate gets 409', async () => {
    api = await startHarness();
    const gate = new IdempotencyGate(api.host.deps.store);
    const ctx = { app: { id: 'APP-1' } } as Parameters<IdempotencyGate['reserve']>[0];
    const slot = gate.reserve(ctx, 'POST /v2/checkout/orders', 'key-1');
    expect(() => gate.reserve(ctx, 'POST /v2/checkout/orders', 'key-1')).toThrowError(
      expect.objectContaining({ errorName: 'RESOURCE_CONFLICT' }),
    );
    expect(() => gate.reserve(ctx, 'POST /v2/checkout/orders', 'key-2')).not.toThrow();
    gate.release(slot);
    expect(() => gate.reserve(ctx, 'POST /v2/checkout/orders', 'key-1')).not.toThrow();
  });

  it('acts for the merchant named by Svc-Auth-Assertion', async () => {
    api = await startHarness();
    const jwt = (claims: object) =>
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const created = await api.request('POST', '/v2/checkout/orders', {
      headers: {
        'svc-auth-assertion': jwt({ email: 'charity@example.com' }),
        prefer: 'return=representation',
      },
      body: simpleOrder(),
    });
    expect(created.status).toBe(201);
    expect(created.body.purchase_units[0].payee.email_address).toBe('charity@example.com');
    const personal = await api.request('POST', '/v2/checkout/orders', {
      headers: { 'svc-auth-assertion': jwt({ email: 'buyer@example.com' }) },
      body: simpleOrder(),
    });
    expectError(personal, 'NOT_AUTHORIZED', 'PAYEE_ACCOUNT_INVALID');
    const garbage = await api.request('POST', '/v2/checkout/orders', {
      headers: { 'svc-auth-assertion': 'garbage' },
      body: simpleOrder(),
    });
    expectError(garbage, 'INVALID_REQUEST');
  });

  it('logs every exchange with secrets and card numbers redacted', async () => {
    api = await startHarness();
    await api.createOrder({ ...simpleOrder(), payment_source: CARD }, { 'svc-request-id': 'log-test-1' });
    const [entry] = api.host.api.requestLogger.recent(1);
    expect(entry?.path).toBe('/v2/checkout/orders');
    expect(entry?.status).toBe(201);
    expect(entry?.request.headers.authorization).toBe('Bearer [redacted]');
    expect(JSON.stringify(entry)).not.toContain(VISA);
    expect(JSON.stringify(entry?.request.body)).toContain('1111');
  });

  it('writes the log with the next commit group, no flush needed, and announces each entry', async () => {
    api = await startHarness();
    const announced: Record<string, unknown>[] = [];
    api.host.deps.events.on('request-logged', (entry) => announced.push({ ...entry }));
    const created = await api.createOrder();
    expect(created.status).toBe(201);
    await vi.waitFor(() => expect(api.host.api.requestLogger.recent(1)[0]?.status).toBe(201));
    const [entry] = api.host.api.requestLogger.recent(1);
    expect(entry?.response.body).toBe(created.text);
    // Observers get the summary columns with the row's id, not the redacted bodies.
    await vi.waitFor(() => expect(announced.at(-1)).toMatchObject({ id: entry?.id, status: 201 }));
    expect(announced.at(-1)).toEqual({
      id: entry?.id,
      at: entry?.at,
      method: 'POST',
      path: '/v2/checkout/orders',
      status: 201,
      duration_ms: entry?.duration_ms,
      app_id: entry?.app_id,
      debug_id: entry?.debug_id,
      source: entry?.source,
      simulated_at: entry?.simulated_at,
    });
  });

  it('answers 503 when the store cannot grow, and keeps what it already holds', async () => {
    api = await startHarness();
    const kept = await api.createOrder();
    const db = api.host.deps.store.db.db;
    const { page_count } = db.prepare('PRAGMA page_count').get() as { page_count: number };
    db.exec(`PRAGMA max_page_count = ${page_count}`);
    let reply = await api.createOrder();
    for (let i = 0; i < 1000 && reply.status === 201; i++) reply = await api.createOrder();
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ name: 'SERVICE_UNAVAILABLE', debug_id: expect.any(String) });
    expect(reply.body.message).toContain('store is full');
    const shown = await api.request('GET', `/v2/checkout/orders/${kept.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.id).toBe(kept.body.id);
  });

  it('masks card numbers and secrets wherever they appear', () => {
    expect(maskCardNumber(VISA)).toBe('••••••••••••1111');
    expect(redactBody({ a: [{ number: MASTERCARD, access_token: 'x', note: 'hi' }] })).toEqual({
      a: [{ number: '••••••••••••4444', access_token: '[redacted]', note: 'hi' }],
    });
  });
});
