import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_ERRORS } from '../../../../shared/errors.js';
import { SCOPES } from '../../../../shared/scopes.js';
import {
  basic,
  simpleOrder,
  startHarness,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  type ApiHarness,
} from '../../../test-support/api-harness.js';

const FORM = 'application/x-www-form-urlencoded';

describe('POST /v1/oauth2/token', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  const tokenCall = (headers: Record<string, string>, payload = 'grant_type=client_credentials') =>
    api.request('POST', '/v1/oauth2/token', {
      token: null,
      headers: { 'content-type': FORM, ...headers },
      payload,
    });

  it('issues a bearer token with the fields of spec 2.2', async () => {
    const reply = await tokenCall({ authorization: basic() });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual([
      'access_token',
      'app_id',
      'expires_in',
      'nonce',
      'scope',
      'token_type',
    ]);
    expect(reply.body.token_type).toBe('Bearer');
    expect(reply.body.expires_in).toBe(32400);
    expect(reply.body.app_id).toMatch(/^APP-[A-Z0-9]{17}$/);
    expect(reply.body.scope.split(' ')).toContain(SCOPES.orders);
    const order = await api.createOrder(undefined, {});
    expect(order.status).toBe(201);
  });

  const encode = (text: string) => Buffer.from(text).toString('base64');
  it.each([
    ['no Authorization header', {}, 'grant_type=client_credentials', 'INVALID_CLIENT_MISSING'],
    [
      'a Bearer instead of Basic',
      { authorization: 'Bearer abc' },
      'grant_type=client_credentials',
      'INVALID_CLIENT_ENCODING',
    ],
    [
      'bad Base64',
      { authorization: 'Basic %%%notbase64' },
      'grant_type=client_credentials',
      'INVALID_CLIENT_ENCODING',
    ],
    [
      'Base64 without a colon',
      { authorization: `Basic ${encode('justanid')}` },
      'grant_type=client_credentials',
      'INVALID_CLIENT_ENCODING',
    ],
    [
      'a wrong secret',
      { authorization: basic(TEST_CLIENT_ID, 'wrong') },
      'grant_type=client_credentials',
      'INVALID_CLIENT_CREDENTIALS',
    ],
    [
      'an unknown client',
      { authorization: basic('nobody', TEST_CLIENT_SECRET) },
      'grant_type=client_credentials',
      'INVALID_CLIENT_CREDENTIALS',
    ],
    ['no grant_type', { authorization: basic() }, '', 'GRANT_TYPE_MISSING'],
    ['an unsupported grant_type', { authorization: basic() }, 'grant_type=magic', 'GRANT_TYPE_UNSUPPORTED'],
    [
      'refresh_token without the token',
      { authorization: basic() },
      'grant_type=refresh_token',
      'REFRESH_TOKEN_MISSING',
    ],
    [
      'an unknown refresh token',
      { authorization: basic() },
      'grant_type=refresh_token&refresh_token=x',
      'REFRESH_TOKEN_INVALID',
    ],
    [
      'authorization_code without redirect_uri',
      { authorization: basic() },
      'grant_type=authorization_code&code=x',
      'REDIRECT_URI_MISSING',
    ],
    [
      'an invalid authorization code',
      { authorization: basic() },
      'grant_type=authorization_code&code=x&redirect_uri=https%3A%2F%2Fa.example',
      'AUTHZ_CODE_INVALID',
    ],
    [
      'a scope the app lacks',
      { authorization: basic() },
      'grant_type=client_credentials&scope=https%3A%2F%2Fevil.example',
      'INVALID_SCOPE',
    ],
    [
      'response_type other than token',
      { authorization: basic() },
      'grant_type=client_credentials&response_type=code',
      'RESPONSE_TYPE_INVALID',
    ],
  ] as const)('rejects %s in the short identity form', async (_case, headers, payload, key) => {
    const reply = await tokenCall(headers, payload);
    const expected = TOKEN_ERRORS[key];
    expect(reply.status).toBe(expected.status);
    expect(reply.body).toEqual({ error: expected.error, error_description: expected.description });
  });

  it('rejects a JSON body with 415 in the identity form', async () => {
    const reply = await api.request('POST', '/v1/oauth2/token', {
      token: null,
      headers: { authorization: basic() },
      body: { grant_type: 'client_credentials' },
    });
    expect(reply.status).toBe(415);
    expect(reply.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(typeof reply.body.error_description).toBe('string');
  });

  it('narrows a token to a requested scope; other operations then get 403 NOT_AUTHORIZED', async () => {
    const token = await api.newToken(SCOPES.payments);
    const reply = await api.request('POST', '/v2/checkout/orders', {
      token,
      body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.name).toBe('NOT_AUTHORIZED');
    expect(reply.body.details[0].issue).toBe('INSUFFICIENT_SCOPE');
  });

  it('stores an access token only as its SHA-256: the database file grants nothing', async () => {
    const token = (await tokenCall({ authorization: basic() })).body.access_token as string;
    const rows = api.host.deps.store.db.db.prepare('SELECT * FROM access_tokens').all();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(api.token);
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    // The stored hash is no credential: presenting it is an unknown token.
    const hash = createHash('sha256').update(token).digest('hex');
    const withHash = await api.request('GET', '/v2/checkout/orders/ABCDEFGHIJKLMNOPQ', { token: hash });
    expect(withHash.status).toBe(401);
    expect(withHash.body.details[0].issue).toBe('INVALID_TOKEN');
    expect((await api.request('POST', '/v2/checkout/orders', { token, body: simpleOrder() })).status).toBe(
      201,
    );
  });
});
