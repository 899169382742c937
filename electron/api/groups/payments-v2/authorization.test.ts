import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { AUTHORIZATION_LIFETIME_MS } from './service.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW_ISO } from '../../../test-support/fixtures.js';
import {
  AUTHORIZATIONS,
  DAY,
  advance,
  capture,
  captureOk,
  getAuthorization,
  linkOf,
  newAuthorization,
  pathOf,
  reauthorize,
  rels,
  startPaymentsHarness,
  voidAuthorization,
  type PaymentsHarness,
} from './payments-test-kit.js';

describe('GET /v2/payments/authorizations/{id}', () => {
  const api = harnessPerTest(startPaymentsHarness);

  it('shows every field of spec 2.5', async () => {
    const { orderId, authorizationId } = await newAuthorization(api, '100.00', 'USD', {
      invoice_id: 'INV-42',
      custom_id: 'CUST-7',
    });
    const authorization = await getAuthorization(api, authorizationId);
    expect(authorization).toMatchObject({
      id: authorizationId,
      status: 'CREATED',
      amount: { currency_code: 'USD', value: '100.00' },
      invoice_id: 'INV-42',
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      payee: { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id },
      create_time: FIXED_NOW_ISO,
      update_time: FIXED_NOW_ISO,
      expiration_time: '2026-06-13T12:00:00Z',
    });
    expect(Date.parse(authorization.expiration_time) - Date.parse(authorization.create_time)).toBe(
      AUTHORIZATION_LIFETIME_MS,
    );
    expect(authorization.supplementary_data.related_ids.order_id).toBe(orderId);
    // Dates are RFC 3339 UTC with whole seconds.
    for (const field of ['create_time', 'update_time', 'expiration_time'])
      expect(authorization[field]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('shows an authorization without invoice_id when the unit had none', async () => {
    const { authorizationId } = await newAuthorization(api);
    const authorization = await getAuthorization(api, authorizationId);
    expect(authorization).not.toHaveProperty('invoice_id');
  });

  it('is the same authorization the order lists', async () => {
    const { orderId, authorizationId } = await newAuthorization(api, '12.34', 'EUR');
    const order = (await api.request('GET', `/v2/checkout/orders/${orderId}`)).body;
    const listed = order.purchase_units[0].payments.authorizations[0];
    const shown = await getAuthorization(api, authorizationId);
    expect(shown).toEqual(listed);
    expect(shown.amount).toEqual({ currency_code: 'EUR', value: '12.34' });
  });

  it('links self, capture, void, reauthorize and up on a new authorization, with methods and targets', async () => {
    const { orderId, authorizationId } = await newAuthorization(api);
    const { links } = await getAuthorization(api, authorizationId);
    expect(rels(links)).toEqual(['self', 'capture', 'void', 'reauthorize', 'up']);
    const expected: [string, string, string][] = [
      ['self', 'GET', `${AUTHORIZATIONS}/${authorizationId}`],
      ['capture', 'POST', `${AUTHORIZATIONS}/${authorizationId}/capture`],
      ['void', 'POST', `${AUTHORIZATIONS}/${authorizationId}/void`],
      ['reauthorize', 'POST', `${AUTHORIZATIONS}/${authorizationId}/reauthorize`],
      ['up', 'GET', `/v2/checkout/orders/${orderId}`],
    ];
    for (const [rel, method, path] of expected) {
      const link = linkOf(links, rel);
      expect(link.href).toMatch(/^https?:\/\//);
      expect(pathOf(link.href)).toBe(path);
      expect(link.method ?? 'GET').toBe(method);
    }
  });

  it('builds links from the base URL the caller used', async () => {
    const { authorizationId } = await newAuthorization(api);
    const reply = await api.request('GET', `${AUTHORIZATIONS}/${authorizationId}`, {
      headers: { host: 'sandbox.example.test:8443' },
    });
    expect(reply.status).toBe(200);
    for (const link of reply.body.links)
      expect(link.href.startsWith('http://sandbox.example.test:8443/')).toBe(true);
  });

  // Links follow the state machine: only what is legal in the state is advertised.
  const linkCases: {
    state: string;
    reach: (api: PaymentsHarness, id: string) => Promise<void>;
    rels: string[];
  }[] = [
    {
      state: 'PARTIALLY_CAPTURED',
      reach: async (a, id) =>
        void (await captureOk(a, id, { amount: { currency_code: 'USD', value: '10.00' } })),
      rels: ['self', 'capture', 'void', 'up'],
    },
    { state: 'CAPTURED', reach: async (a, id) => void (await captureOk(a, id)), rels: ['self', 'up'] },
    {
      state: 'CAPTURED',
      reach: async (a, id) =>
        void (await captureOk(a, id, {
          amount: { currency_code: 'USD', value: '10.00' },
          final_capture: true,
        })),
      rels: ['self', 'up'],
    },
    {
      state: 'VOIDED',
      reach: async (a, id) => expect((await voidAuthorization(a, id)).status).toBe(204),
      rels: ['self', 'up'],
    },
    {
      state: 'EXPIRED',
      reach: async (a) => void (await advance(a, AUTHORIZATION_LIFETIME_MS)),
      rels: ['self', 'up'],
    },
    {
      state: 'CREATED',
      reach: async (a, id) => {
        await advance(a, 3 * DAY + 1000);
        expect((await reauthorize(a, id)).status).toBe(201);
      },
      rels: ['self', 'capture', 'void', 'reauthorize', 'up'],
    },
  ];
  it.each(linkCases)('links in $state: $rels', async ({ state, reach, rels: expected }) => {
    const { authorizationId } = await newAuthorization(api);
    await reach(api, authorizationId);
    const authorization = await getAuthorization(api, authorizationId);
    expect(authorization.status).toBe(state);
    expect(rels(authorization.links)).toEqual(expected);
  });

  it('404 RESOURCE_NOT_FOUND for an unknown id, on show and on every action', async () => {
    const unknown = 'ABCDEFGHJKLMNPQRS';
    expectError(await api.request('GET', `${AUTHORIZATIONS}/${unknown}`), 'RESOURCE_NOT_FOUND');
    expectError(await capture(api, unknown), 'RESOURCE_NOT_FOUND');
    expectError(await voidAuthorization(api, unknown), 'RESOURCE_NOT_FOUND');
    expectError(await reauthorize(api, unknown), 'RESOURCE_NOT_FOUND');
  });

  it('404 for an order id or a capture id used as an authorization id', async () => {
    const { orderId, authorizationId } = await newAuthorization(api);
    const captured = await captureOk(api, authorizationId, {
      amount: { currency_code: 'USD', value: '1.00' },
    });
    expectError(await api.request('GET', `${AUTHORIZATIONS}/${orderId}`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${AUTHORIZATIONS}/${captured.id}`), 'RESOURCE_NOT_FOUND');
  });

  it.each([
    ['lower case', 'abcdefghijklmnopq'],
    ['punctuation', 'ABC-DEF'],
    ['37 characters', 'A'.repeat(37)],
    ['a space', 'ABC%20DEF'],
  ])('400 INVALID_REQUEST for a malformed id (%s)', async (_label, id) => {
    for (const reply of [
      await api.request('GET', `${AUTHORIZATIONS}/${id}`),
      await capture(api, id),
      await voidAuthorization(api, id),
      await reauthorize(api, id),
    ]) {
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_SYNTAX',
        field: 'id',
        location: 'path',
      });
    }
  });

  it('accepts a 36-character id (the longest legal form) and answers 404', async () => {
    expectError(await api.request('GET', `${AUTHORIZATIONS}/${'A'.repeat(36)}`), 'RESOURCE_NOT_FOUND');
  });

  it('401 without a bearer token', async () => {
    const { authorizationId } = await newAuthorization(api);
    expectError(
      await api.request('GET', `${AUTHORIZATIONS}/${authorizationId}`, { token: null }),
      'AUTHENTICATION_FAILURE',
      {
        issue: 'MISSING_AUTHORIZATION_HEADER',
      },
    );
  });

  it('405 for a method the path does not implement', async () => {
    const { authorizationId } = await newAuthorization(api);
    expectError(await api.request('DELETE', `${AUTHORIZATIONS}/${authorizationId}`), 'METHOD_NOT_SUPPORTED');
  });
});
