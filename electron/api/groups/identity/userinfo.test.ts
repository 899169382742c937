import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIMS_BY_SCOPE } from '../../../../shared/api/identity/claims.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { subjectOf } from './userinfo-service.js';

const USERINFO = '/v1/identity/openidconnect/userinfo?schema=openid';

describe('GET /v1/identity/openidconnect/userinfo', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  it('answers every claim of the seeded merchant to a token with every scope', async () => {
    const reply = await api.request('GET', USERINFO);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      sub: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: 'Morgan Merchant',
      given_name: 'Morgan',
      family_name: 'Merchant',
      email: SEED_MERCHANT.email,
      email_verified: true,
      address: {
        street_address: '1 Market Street',
        locality: 'San Jose',
        region: 'CA',
        postal_code: '95131',
        country: 'US',
      },
      verified_account: true,
      account_type: 'BUSINESS',
      payer_id: SEED_MERCHANT.id,
    });
    expect(reply.body.user_id).toMatch(/\/webapps\/auth\/identity\/user\//);
    expect(reply.body.user_id.endsWith(reply.body.sub)).toBe(true);
    // No data, no claim: the sandbox merchant has no phone number.
    expect(reply.body).not.toHaveProperty('phone_number');
  });

  it.each([
    ['openid', [SCOPES.openid], ['sub', 'user_id']],
    [
      'openid profile',
      [SCOPES.openid, SCOPES.profile],
      ['family_name', 'given_name', 'name', 'sub', 'user_id'],
    ],
    ['openid email', [SCOPES.openid, SCOPES.email], ['email', 'email_verified', 'sub', 'user_id']],
    ['openid address', [SCOPES.openid, SCOPES.address], ['address', 'sub', 'user_id']],
    ['openid phone', [SCOPES.openid, SCOPES.phone], ['sub', 'user_id']],
    [
      'openid svcattributes',
      [SCOPES.openid, SCOPES.svcAttributes],
      ['account_type', 'payer_id', 'sub', 'user_id', 'verified_account'],
    ],
  ])('answers only the claims scope %s allows', async (_name, scopes, claims) => {
    const token = await api.newToken(scopes.join(' '));
    const reply = await api.request('GET', USERINFO, { token });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(claims);
  });

  it('documents a claim list for every scope it knows', () => {
    expect(CLAIMS_BY_SCOPE.map((row) => row.label)).toEqual([
      'openid',
      'profile',
      'email',
      'address',
      'phone',
      'svcattributes',
    ]);
  });

  it('answers the claims of the merchant Svc-Auth-Assertion names', async () => {
    const claims = Buffer.from(JSON.stringify({ email: 'charity@example.com' })).toString('base64url');
    const assertion = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.`;
    const reply = await api.request('GET', USERINFO, { headers: { 'svc-auth-assertion': assertion } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ email: 'charity@example.com', name: 'Casey Charity' });
  });

  it('gives each app its own subject for the same account', async () => {
    const first = await api.request('GET', USERINFO);
    const again = await api.request('GET', USERINFO);
    expect(again.body.sub).toBe(first.body.sub);
    expect(first.body.sub).not.toContain(SEED_MERCHANT.id);
    expect(subjectOf(SEED_MERCHANT.id, 'APP-ANOTHERAPP00000000')).not.toBe(first.body.sub);
  });

  it.each([
    ['no schema', '/v1/identity/openidconnect/userinfo', 400, 'INVALID_REQUEST'],
    ['another schema', '/v1/identity/openidconnect/userinfo?schema=paypalv1.1', 400, 'INVALID_REQUEST'],
  ])('refuses %s in the short identity body', async (_case, url, status, error) => {
    const reply = await api.request('GET', url);
    expect(reply.status).toBe(status);
    expect(Object.keys(reply.body).sort()).toEqual(['error', 'error_description']);
    expect(reply.body.error).toBe(error);
    expect(reply.body.error_description).toContain('schema');
  });

  it('answers INVALID_CLIENT without a token and INVALID_TOKEN for an unknown one', async () => {
    const none = await api.request('GET', USERINFO, { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'INVALID_CLIENT', error_description: expect.any(String) });
    const unknown = await api.request('GET', USERINFO, { token: 'A21AAnotatoken' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'INVALID_TOKEN', error_description: expect.any(String) });
  });

  it('answers 403 NOT_AUTHORIZED to a token without the openid scope', async () => {
    const token = await api.newToken(SCOPES.orders);
    const reply = await api.request('GET', USERINFO, { token });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('NOT_AUTHORIZED');
    expect(reply.body.error_description).toContain('openid');
  });
});

describe('POST /v1/identity/openidconnect/userinfo (OpenID Connect, form body)', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    api.request('POST', '/v1/identity/openidconnect/userinfo', {
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('answers the profile to the access token of the form body, with no Authorization header', async () => {
    const reply = await form({ schema: 'openid', access_token: api.token });
    expect(reply.status, reply.text).toBe(200);
    const byGet = await api.request('GET', USERINFO);
    expect(reply.body).toEqual(byGet.body);
  });

  it('takes the token from the Authorization header as well', async () => {
    const reply = await form({ schema: 'openid' }, { authorization: `Bearer ${api.token}` });
    expect(reply.status).toBe(200);
    expect(reply.body.sub).toBeDefined();
  });

  it.each([
    ['no token anywhere', { schema: 'openid' }, {}, 401, 'INVALID_CLIENT'],
    ['an unknown token', { schema: 'openid', access_token: 'A21AAnotatoken' }, {}, 401, 'INVALID_TOKEN'],
    ['another schema', { schema: 'paypalv1.1', access_token: 'T' }, {}, 400, 'INVALID_REQUEST'],
  ])('answers %s in the short identity form', async (_name, fields, headers, status, error) => {
    const fixed = { ...fields } as Record<string, string>;
    if (fixed.access_token === 'T') fixed.access_token = api.token;
    const reply = await form(fixed, headers);
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses a token sent both in the header and in the form (RFC 6750 section 2)', async () => {
    const reply = await form(
      { schema: 'openid', access_token: api.token },
      { authorization: `Bearer ${api.token}` },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('INVALID_REQUEST');
  });

  it('answers every error on an identity path in the short form: 404, 405, 401', async () => {
    for (const [method, path, status] of [
      ['GET', '/v1/identity/openidconnect/nothing', 404],
      ['DELETE', '/v1/identity/openidconnect/userinfo', 405],
    ] as const) {
      const reply = await api.request(method, path);
      expect(reply.status).toBe(status);
      expect(Object.keys(reply.body).sort()).toEqual(['error', 'error_description']);
    }
    const anonymous = await api.request('GET', '/v1/identity/openidconnect/nothing', { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('INVALID_CLIENT');
  });
});
