import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../test-support/api-harness.js';
import { expectError } from '../../test-support/expect-error.js';

const PROFILE = { name: 'Slash profile', presentation: { brand_name: 'Shop' } };

describe('the URL as the platform reads it', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('creates at a path with a trailing slash and reads the list there, never as an empty {id}', async () => {
    api = await startHarness();
    const created = await api.request('POST', '/v1/payment-experience/web-profiles/', {
      body: PROFILE,
      headers: { 'svc-request-id': 'slash-1' },
    });
    expect(created.status).toBe(201);
    const list = await api.request('GET', '/v1/payment-experience/web-profiles/');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
    const one = await api.request('GET', `/v1/payment-experience/web-profiles/${created.body.id}/`);
    expect(one.body.id).toBe(created.body.id);
  });

  it('keeps a list query after the trailing slash', async () => {
    api = await startHarness();
    const reply = await api.request('GET', '/v1/payments/billing-plans/?page=0&status=CREATED');
    expect(reply.status).toBe(200);
  });

  it('treats the two spellings as one operation for Svc-Request-Id', async () => {
    api = await startHarness();
    const headers = { 'svc-request-id': 'slash-both' };
    const first = await api.request('POST', '/v1/payment-experience/web-profiles', {
      body: PROFILE,
      headers,
    });
    const repeat = await api.request('POST', '/v1/payment-experience/web-profiles/', {
      body: PROFILE,
      headers,
    });
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
  });

  it('logs the canonical path', async () => {
    api = await startHarness();
    await api.request('GET', '/v1/payment-experience/web-profiles/?x=1');
    const [entry] = api.host.api.requestLogger.search({ limit: 1 });
    expect(entry?.path).toBe('/v1/payment-experience/web-profiles?x=1');
  });

  it('answers 404 and 405 for a slashed path as for the plain one', async () => {
    api = await startHarness();
    expectError(await api.request('GET', '/v9/nothing/'), 'RESOURCE_NOT_FOUND');
    const wrong = await api.request('DELETE', '/v2/checkout/orders/');
    expectError(wrong, 'METHOD_NOT_SUPPORTED');
    expect(String(wrong.headers.allow)).toContain('POST');
  });

  it('reads a query parameter repeated with one value as that parameter', async () => {
    api = await startHarness();
    const reply = await api.request(
      'GET',
      '/v1/notifications/webhooks?anchor_type=APPLICATION&anchor_type=APPLICATION',
    );
    expect(reply.status).toBe(200);
  });

  it('still refuses a query parameter repeated with different values', async () => {
    api = await startHarness();
    const reply = await api.request(
      'GET',
      '/v1/notifications/webhooks?anchor_type=APPLICATION&anchor_type=ACCOUNT',
    );
    expectError(reply, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
  });
});

describe('empty path segments', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('reads a doubled slash as one, as the legacy SDK writes its invoice-number path', async () => {
    api = await startHarness();
    const reply = await api.request('POST', '/v1/invoicing/invoices//next-invoice-number', { body: {} });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.number).toEqual(expect.any(String));
  });
});
