import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { advance } from '../../../test-support/test-kit.js';
import { expectError } from '../../../test-support/expect-error.js';
import { lookupWebProfile } from './index.js';
import { accountIdFor } from '../../../../shared/ids.js';

const PROFILES = '/v1/payment-experience/web-profiles';
const MERCHANT_ID = accountIdFor('merchant@example.com');
/** An unsigned assertion (alg none) naming the seeded charity: a partner acting for another merchant. */
const AS_CHARITY = {
  'svc-auth-assertion': `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
    JSON.stringify({ email: 'charity@example.com' }),
  ).toString('base64url')}.`,
};

let api: ApiHarness;
let requestCounter = 0;
beforeEach(async () => {
  api = await startHarness();
});
afterEach(async () => api.close());

const full = {
  name: 'Full profile',
  temporary: false,
  flow_config: { landing_page_type: 'Billing', bank_txn_pending_url: 'https://example.com/pending' },
  input_fields: { no_shipping: 1, address_override: 1, allow_note: true },
  presentation: { brand_name: 'Acme', logo_image: 'https://example.com/logo.png', locale_code: 'US' },
};

function create(body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return api.request('POST', PROFILES, {
    body,
    headers: { 'svc-request-id': `wp-${++requestCounter}`, ...headers },
  });
}

async function createId(body: unknown, headers: Record<string, string> = {}): Promise<string> {
  const reply = await create(body, headers);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

describe('create', () => {
  it('answers 201 with the profile, its id in the platform form and every parameter', async () => {
    const reply = await create(full);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.id).toMatch(/^XP-[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(reply.body).toMatchObject(full);
    const shown = await api.request('GET', `${PROFILES}/${reply.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: reply.body.id, ...full });
  });

  it('requires Svc-Request-Id', async () => {
    const reply = await api.request('POST', PROFILES, { body: { name: 'No key' } });
    expectError(reply, 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: 'Svc-Request-Id',
      location: 'header',
    });
  });

  it('answers a repeat of the same Svc-Request-Id with 200 and the same profile, within 3 hours', async () => {
    const headers = { 'svc-request-id': 'same-key' };
    const first = await api.request('POST', PROFILES, { body: { name: 'Once' }, headers });
    expect(first.status).toBe(201);
    await advance(api, 2 * 3600);
    const again = await api.request('POST', PROFILES, { body: { name: 'Once' }, headers });
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const list = await api.request('GET', PROFILES);
    expect(list.body).toHaveLength(1);
  });

  it('runs again after the 3-hour retention (and the name is then taken)', async () => {
    const headers = { 'svc-request-id': 'old-key' };
    expect((await api.request('POST', PROFILES, { body: { name: 'Twice' }, headers })).status).toBe(201);
    await advance(api, 3 * 3600 + 1);
    const later = await api.request('POST', PROFILES, { body: { name: 'Twice' }, headers });
    expectError(later, 'INVALID_REQUEST', { issue: 'WEB_PROFILE_NAME_TAKEN', field: '/name' });
  });

  it.each([
    [{}, 'MISSING_REQUIRED_PARAMETER', '/name'],
    [{ name: '' }, 'INVALID_STRING_LENGTH', '/name'],
    [{ name: 'x'.repeat(51) }, 'INVALID_STRING_MAX_LENGTH', '/name'],
    [{ name: 'n', temporary: 'yes' }, 'INVALID_PARAMETER_VALUE', '/temporary'],
    [
      { name: 'n', input_fields: { no_shipping: 3 } },
      'INVALID_INTEGER_MAX_VALUE',
      '/input_fields/no_shipping',
    ],
    [
      { name: 'n', input_fields: { no_shipping: 1.5 } },
      'INVALID_PARAMETER_VALUE',
      '/input_fields/no_shipping',
    ],
    [
      { name: 'n', input_fields: { address_override: 2 } },
      'INVALID_INTEGER_MAX_VALUE',
      '/input_fields/address_override',
    ],
    [
      { name: 'n', flow_config: { landing_page_type: 'Home' } },
      'INVALID_PARAMETER_SYNTAX',
      '/flow_config/landing_page_type',
    ],
    [
      { name: 'n', presentation: { logo_image: 'javascript:alert(1)' } },
      'INVALID_PARAMETER_VALUE',
      '/presentation/logo_image',
    ],
    [
      { name: 'n', presentation: { brand_name: 'b'.repeat(128) } },
      'INVALID_STRING_MAX_LENGTH',
      '/presentation/brand_name',
    ],
  ])('refuses %j with %s at %s', async (body, issue, field) => {
    expectError(await create(body), 'INVALID_REQUEST', { issue: issue as 'INVALID_PARAMETER_VALUE', field });
  });

  it('accepts a name of exactly 50 characters and landing page types in any case', async () => {
    await createId({ name: 'x'.repeat(50), flow_config: { landing_page_type: 'login' } });
    await createId({ name: 'y', flow_config: { landing_page_type: 'BILLING', user_action: 'commit' } });
  });

  it('keeps names unique per merchant, not across merchants', async () => {
    await createId({ name: 'Shared name' });
    expectError(await create({ name: 'Shared name' }), 'INVALID_REQUEST', 'WEB_PROFILE_NAME_TAKEN');
    await createId({ name: 'Shared name' }, AS_CHARITY);
  });
});

describe('list and show', () => {
  it('lists the latest 20 profiles of the merchant, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push(await createId({ name: `Profile ${i}` }));
    await createId({ name: 'Charity profile' }, AS_CHARITY);
    const list = await api.request('GET', PROFILES);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual(ids.slice(2).reverse());
  });

  it('answers 404 for an unknown id, another merchant profile, and 400 for a malformed id', async () => {
    const id = await createId({ name: 'Mine' });
    expectError(await api.request('GET', `${PROFILES}/XP-AAAA-BBBB-CCCC-DDDD`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${PROFILES}/${id}`, { headers: AS_CHARITY }), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${PROFILES}/not-an-id`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'id',
      location: 'path',
    });
  });
});

describe('replace (PUT)', () => {
  it('answers 204 and drops every parameter the body omits', async () => {
    const id = await createId(full);
    const reply = await api.request('PUT', `${PROFILES}/${id}`, {
      body: { name: 'Renamed', presentation: { brand_name: 'New brand' } },
    });
    expect(reply.status, reply.text).toBe(204);
    expect(reply.text).toBe('');
    const shown = await api.request('GET', `${PROFILES}/${id}`);
    expect(shown.body).toEqual({
      id,
      name: 'Renamed',
      temporary: false,
      presentation: { brand_name: 'New brand' },
      links: expect.any(Array),
    });
  });

  it('refuses a name another profile of the merchant has, and keeps the profile unchanged', async () => {
    await createId({ name: 'Taken' });
    const id = await createId({ name: 'Mine', presentation: { brand_name: 'Kept' } });
    const reply = await api.request('PUT', `${PROFILES}/${id}`, { body: { name: 'Taken' } });
    expectError(reply, 'INVALID_REQUEST', 'WEB_PROFILE_NAME_TAKEN');
    const shown = await api.request('GET', `${PROFILES}/${id}`);
    expect(shown.body).toMatchObject({ name: 'Mine', presentation: { brand_name: 'Kept' } });
    // Keeping its own name is not a clash.
    expect((await api.request('PUT', `${PROFILES}/${id}`, { body: { name: 'Mine' } })).status).toBe(204);
  });

  it('validates like a create and answers 404 for an unknown profile', async () => {
    const id = await createId({ name: 'Valid' });
    expectError(await api.request('PUT', `${PROFILES}/${id}`, { body: {} }), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: '/name',
    });
    expectError(
      await api.request('PUT', `${PROFILES}/XP-AAAA-BBBB-CCCC-DDDD`, { body: { name: 'x' } }),
      'RESOURCE_NOT_FOUND',
    );
  });
});

describe('update (PATCH)', () => {
  it('applies the operations and answers 204', async () => {
    const id = await createId(full);
    const reply = await api.request('PATCH', `${PROFILES}/${id}`, {
      body: [
        { op: 'replace', path: '/presentation/brand_name', value: 'Patched' },
        { op: 'remove', path: '/flow_config' },
        { op: 'add', path: '/input_fields/no_shipping', value: 2 },
        { op: 'test', path: '/id', value: id },
      ],
    });
    expect(reply.status, reply.text).toBe(204);
    const shown = await api.request('GET', `${PROFILES}/${id}`);
    expect(shown.body.presentation.brand_name).toBe('Patched');
    expect(shown.body.flow_config).toBeUndefined();
    expect(shown.body.input_fields.no_shipping).toBe(2);
  });

  it.each([
    [
      [{ op: 'replace', path: '/id', value: 'XP-AAAA-BBBB-CCCC-DDDD' }],
      'WEB_PROFILE_PATCH_PATH_NOT_SUPPORTED',
    ],
    [[{ op: 'add', path: '/colour', value: 'red' }], 'WEB_PROFILE_PATCH_PATH_NOT_SUPPORTED'],
    [[{ op: 'remove', path: '/presentation/missing' }], 'WEB_PROFILE_PATCH_FAILED'],
    [[{ op: 'test', path: '/name', value: 'Other' }], 'WEB_PROFILE_PATCH_TEST_FAILED'],
    [[{ op: 'remove', path: '/name' }], 'INVALID_WEB_PROFILE_PATCH_RESULT'],
    [[{ op: 'replace', path: '/input_fields/no_shipping', value: 9 }], 'INVALID_WEB_PROFILE_PATCH_RESULT'],
  ])('refuses %j with 422 %s and changes nothing', async (patch, issue) => {
    const id = await createId(full);
    const reply = await api.request('PATCH', `${PROFILES}/${id}`, {
      body: [{ op: 'replace', path: '/presentation/brand_name', value: 'Half-applied' }, ...patch],
    });
    expectError(reply, 'UNPROCESSABLE_ENTITY', issue as 'WEB_PROFILE_PATCH_FAILED');
    const shown = await api.request('GET', `${PROFILES}/${id}`);
    expect(shown.body.presentation.brand_name).toBe('Acme');
  });

  it('refuses a name taken by another profile', async () => {
    await createId({ name: 'Taken' });
    const id = await createId({ name: 'Mine' });
    const reply = await api.request('PATCH', `${PROFILES}/${id}`, {
      body: [{ op: 'replace', path: '/name', value: 'Taken' }],
    });
    expectError(reply, 'INVALID_REQUEST', 'WEB_PROFILE_NAME_TAKEN');
  });

  it('refuses a malformed pointer with 400', async () => {
    const id = await createId({ name: 'Mine' });
    const reply = await api.request('PATCH', `${PROFILES}/${id}`, {
      body: [{ op: 'replace', path: 'name', value: 'x' }],
    });
    expectError(reply, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
  });
});

describe('delete', () => {
  it('answers 204; the profile is then gone everywhere and its name free again', async () => {
    const id = await createId({ name: 'Doomed' });
    const reply = await api.request('DELETE', `${PROFILES}/${id}`);
    expect(reply.status, reply.text).toBe(204);
    expectError(await api.request('GET', `${PROFILES}/${id}`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('DELETE', `${PROFILES}/${id}`), 'RESOURCE_NOT_FOUND');
    expect((await api.request('GET', PROFILES)).body).toEqual([]);
    await createId({ name: 'Doomed' });
  });
});

describe('temporary profiles', () => {
  it('vanish after 3 hours of simulated time (a scheduled job), permanent ones stay', async () => {
    const temporary = await createId({ name: 'Short-lived', temporary: true });
    const permanent = await createId({ name: 'Long-lived' });
    await advance(api, 3 * 3600 - 60);
    expect((await api.request('GET', `${PROFILES}/${temporary}`)).status).toBe(200);
    const moved = await advance(api, 60);
    expect(moved.jobs_run).toBeGreaterThanOrEqual(1);
    expectError(await api.request('GET', `${PROFILES}/${temporary}`), 'RESOURCE_NOT_FOUND');
    expect((await api.request('GET', `${PROFILES}/${permanent}`)).status).toBe(200);
    const history = api.host.deps.store.resources.history('web-profile', temporary);
    expect(history.map((h) => h.to_status)).toEqual(['ACTIVE', 'EXPIRED']);
    // Its name is free again.
    await createId({ name: 'Short-lived' });
  });

  it('a PUT that makes a temporary profile permanent keeps it', async () => {
    const id = await createId({ name: 'Kept', temporary: true });
    expect((await api.request('PUT', `${PROFILES}/${id}`, { body: { name: 'Kept' } })).status).toBe(204);
    await advance(api, 4 * 3600);
    expect((await api.request('GET', `${PROFILES}/${id}`)).status).toBe(200);
  });
});

describe('lookupWebProfile (what Payments v1 reads)', () => {
  it('finds a usable profile of the merchant, and nothing for others or gone ones', async () => {
    const id = await createId(full);
    const deps = api.host.deps;
    expect(lookupWebProfile(deps, MERCHANT_ID, id)).toMatchObject({ id, ...full });
    expect(lookupWebProfile(deps, accountIdFor('charity@example.com'), id)).toBeUndefined();
    expect(lookupWebProfile(deps, MERCHANT_ID, 'XP-AAAA-BBBB-CCCC-DDDD')).toBeUndefined();
    await api.request('DELETE', `${PROFILES}/${id}`);
    expect(lookupWebProfile(deps, MERCHANT_ID, id)).toBeUndefined();
  });
});
