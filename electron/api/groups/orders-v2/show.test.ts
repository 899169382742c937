import { afterEach, describe, expect, it } from 'vitest';
import { accountIdFor } from '../../../../shared/ids.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { simpleOrder, startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { CARD, FUTURE_EXPIRY } from '../../../test-support/fixtures.js';
import { BUYER, MERCHANT, ORDERS, approve, createId, rels, richOrder } from './orders-test-kit.js';

describe('GET /v2/checkout/orders/{id}', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('answers 200 with the full order', async () => {
    api = await startHarness();
    const body = richOrder();
    const id = await createId(api, {
      ...body,
      application_context: { brand_name: 'Example Shop', return_url: 'https://shop.example/r' },
    });
    const reply = await api.request('GET', `${ORDERS}/${id}`);
    expect(reply.status).toBe(200);
    expect(String(reply.headers['content-type'])).toContain('application/json');
    expect(reply.body).toMatchObject({
      id,
      intent: 'CAPTURE',
      status: 'CREATED',
      create_time: expect.stringMatching(/Z$/),
      update_time: expect.stringMatching(/Z$/),
      application_context: { brand_name: 'Example Shop', return_url: 'https://shop.example/r' },
      purchase_units: [
        {
          ...body.purchase_units[0],
          reference_id: 'default',
          payee: { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT) },
        },
      ],
    });
    expect(reply.body).not.toHaveProperty('payment_source');
    expect(reply.body).not.toHaveProperty('payer');
    expect(rels(reply.body.links)).toEqual(['self', 'approve', 'edit', 'capture']);
    expect(reply.body.links[0]).toEqual({
      href: `http://localhost:80${ORDERS}/${id}`,
      rel: 'self',
      method: 'GET',
    });
  });

  it('builds links from the base URL the caller used', async () => {
    api = await startHarness();
    const id = await createId(api, simpleOrder());
    const reply = await api.request('GET', `${ORDERS}/${id}`, { headers: { host: '127.0.0.1:5055' } });
    for (const l of reply.body.links as { href: string }[])
      expect(l.href.startsWith('http://127.0.0.1:5055/')).toBe(true);
  });

  it('shows the payer and the wallet source after buyer approval, with rels approve, edit, capture', async () => {
    api = await startHarness();
    const id = await createId(api, simpleOrder());
    await approve(api, id);
    const reply = await api.request('GET', `${ORDERS}/${id}`);
    expect(reply.body.status).toBe('APPROVED');
    expect(reply.body.payer).toMatchObject({
      email_address: BUYER,
      payer_id: accountIdFor(BUYER),
      name: { given_name: 'Bailey', surname: 'Buyer' },
    });
    expect(reply.body.payment_source.svc).toMatchObject({
      email_address: BUYER,
      account_id: accountIdFor(BUYER),
    });
    expect(rels(reply.body.links)).toEqual(expect.arrayContaining(['approve', 'edit', 'capture']));
  });

  describe('fields', () => {
    it('fields=payment_source answers id, status, payment_source and links only', async () => {
      api = await startHarness();
      const id = await createId(
        api,
        { ...simpleOrder(), payment_source: CARD },
        { 'svc-request-id': 'fields-1' },
      );
      const reply = await api.request('GET', `${ORDERS}/${id}?fields=payment_source`);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'payment_source', 'status']);
      expect(reply.body.payment_source).toEqual({
        card: { last_digits: '1111', brand: 'VISA', type: 'CREDIT', expiry: FUTURE_EXPIRY },
      });
    });

    it('fields=payment_source on an order without one answers id, status and links', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const reply = await api.request('GET', `${ORDERS}/${id}?fields=payment_source`);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
    });

    it.each(['purchase_units', 'payment_source,purchase_units', 'PAYMENT_SOURCE', '', 'payment_source,'])(
      'rejects fields=%j with 400',
      async (fields) => {
        api = await startHarness();
        const id = await createId(api, simpleOrder());
        const reply = await api.request('GET', `${ORDERS}/${id}?fields=${encodeURIComponent(fields)}`);
        expectError(reply, 'INVALID_REQUEST', {
          issue: 'INVALID_PARAMETER_SYNTAX',
          field: 'fields',
          location: 'query',
        });
      },
    );
  });

  describe('errors', () => {
    it.each([
      ['lowercase letters', (id: string) => id.toLowerCase()],
      ['a dash', (id: string) => `${id.slice(0, 5)}-${id.slice(5)}`],
      ['37 characters', () => 'A'.repeat(37)],
    ])('rejects an id with %s with 400', async (_name, mangle) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const reply = await api.request('GET', `${ORDERS}/${encodeURIComponent(mangle(id))}`);
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: 'id',
        location: 'path',
      });
    });

    it.each(['ABCDEFGHIJKLMNOPQ', 'A', 'A'.repeat(36)])(
      'answers 404 RESOURCE_NOT_FOUND for the unknown id %s',
      async (id) => {
        api = await startHarness();
        await createId(api, simpleOrder());
        const reply = await api.request('GET', `${ORDERS}/${id}`);
        expectError(reply, 'RESOURCE_NOT_FOUND', { issue: 'RESOURCE_NOT_FOUND', location: 'path' });
        expect(reply.body.details[0].value).toBe(id);
      },
    );

    it('answers 401 without a token', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const reply = await api.request('GET', `${ORDERS}/${id}`, { token: null });
      expectError(reply, 'AUTHENTICATION_FAILURE', {
        issue: 'MISSING_AUTHORIZATION_HEADER',
        field: 'Authorization',
        location: 'header',
      });
      expect(reply.headers['www-authenticate']).toBe('Bearer');
    });

    it('answers 401 for an unknown token', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      expectError(
        await api.request('GET', `${ORDERS}/${id}`, { token: 'A21AAnot-a-real-token' }),
        'AUTHENTICATION_FAILURE',
        { issue: 'INVALID_TOKEN', location: 'header' },
      );
    });

    it.each([
      ['payments only', SCOPES.payments],
      ['test helpers and openid', `${SCOPES.testHelpers} ${SCOPES.openid}`],
    ])('answers 403 NOT_AUTHORIZED for a token with %s', async (_name, scope) => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      const token = await api.newToken(scope);
      const reply = await api.request('GET', `${ORDERS}/${id}`, { token });
      expectError(reply, 'NOT_AUTHORIZED', {
        issue: 'INSUFFICIENT_SCOPE',
        field: 'Authorization',
        location: 'header',
      });
      // The orders scope alone is enough.
      const ordersOnly = await api.newToken(SCOPES.orders);
      expect((await api.request('GET', `${ORDERS}/${id}`, { token: ordersOnly })).status).toBe(200);
    });

    it('answers 405 for an unsupported method on the order path', async () => {
      api = await startHarness();
      const id = await createId(api, simpleOrder());
      expectError(await api.request('DELETE', `${ORDERS}/${id}`), 'METHOD_NOT_SUPPORTED');
    });
  });
});
