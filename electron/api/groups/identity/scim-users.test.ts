import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SCIM_ERROR_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_PATCH_SCHEMA,
  SCIM_USER_SCHEMA,
} from '../../../../shared/api/identity/scim-rules.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';

const SCIM = 'application/scim+json';
const USERS = '/v2/scim/Users';

const user = (overrides: Record<string, unknown> = {}) => ({
  schemas: [SCIM_USER_SCHEMA],
  userName: 'alexdoe01',
  name: { givenName: 'Alex', familyName: 'Doe' },
  emails: [{ value: 'alex@example.com', primary: true, type: 'work' }],
  phoneNumbers: [{ value: 'tel:+1-408-555-0100', type: 'work' }],
  addresses: [
    { streetAddress: '1 Main St', locality: 'San Jose', region: 'CA', postalCode: '95131', country: 'US' },
  ],
  entitlements: [{ value: 'REPORTING_VIEW' }],
  preferredLanguage: 'en-US',
  timezone: 'America/Los_Angeles',
  ...overrides,
});

describe('SCIM users', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness();
  });
  afterEach(async () => api.close());

  const scim = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.request(method, url, {
      headers: { accept: SCIM, ...(body !== undefined ? { 'content-type': SCIM } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const create = (overrides: Record<string, unknown> = {}) => scim('POST', USERS, user(overrides));

  it('creates a user from application/scim+json and answers it in that media type', async () => {
    const reply = await create({ externalId: 'ext-1' });
    expect(reply.status).toBe(201);
    expect(reply.headers['content-type']).toContain(SCIM);
    expect(reply.body).toMatchObject({
      schemas: [SCIM_USER_SCHEMA],
      id: expect.stringMatching(/^[A-Z0-9]{13}$/),
      externalId: 'ext-1',
      userName: 'alexdoe01',
      active: true,
      meta: { resourceType: 'User', created: expect.any(String), lastModified: expect.any(String) },
    });
    expect(reply.body.meta.location).toMatch(new RegExp(`/v2/scim/Users/${reply.body.id}$`));
    expect(reply.body).not.toHaveProperty('links');
    const shown = await scim('GET', `${USERS}/${reply.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(reply.body);
  });

  it('reads application/scim+json with a charset parameter', async () => {
    const reply = await api.request('POST', USERS, {
      headers: { 'content-type': `${SCIM}; charset=utf-8` },
      payload: JSON.stringify(user()),
    });
    expect(reply.status).toBe(201);
  });

  it('answers plain JSON to a client that accepts only JSON', async () => {
    const reply = await api.request('POST', USERS, { body: user(), headers: { accept: 'application/json' } });
    expect(reply.status).toBe(201);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['userName too short', { userName: 'abc1234' }, '/userName'],
    ['userName too long', { userName: 'a'.repeat(17) }, '/userName'],
    ['userName all digits', { userName: '12345678' }, '/userName'],
    ['userName with a dot', { userName: 'alex.doe01' }, '/userName'],
    ['no userName', { userName: undefined }, '/userName'],
    ['no schemas', { schemas: undefined }, '/schemas'],
    ['schemas without the core schema', { schemas: ['urn:example:other'] }, '/schemas'],
    [
      'eleven schemas',
      { schemas: [SCIM_USER_SCHEMA, ...Array.from({ length: 10 }, (_, i) => `urn:x:${i}`)] },
      '/schemas',
    ],
    ['an empty externalId', { externalId: '' }, '/externalId'],
    ['a 129-character externalId', { externalId: 'x'.repeat(129) }, '/externalId'],
    ['no emails in the list', { emails: [] }, '/emails'],
    [
      'eleven emails',
      { emails: Array.from({ length: 11 }, (_, i) => ({ value: `a${i}@example.com` })) },
      '/emails',
    ],
    ['a bad e-mail', { emails: [{ value: 'not-an-email' }] }, '/emails/0/value'],
    ['an unknown e-mail type', { emails: [{ value: 'a@example.com', type: 'mobile' }] }, '/emails/0/type'],
    [
      'two primary e-mails',
      {
        emails: [
          { value: 'a@example.com', primary: true },
          { value: 'b@example.com', primary: true },
        ],
      },
      '/emails',
    ],
    [
      'a phone not in RFC 3966 form',
      { phoneNumbers: [{ value: '+1 408 555 0100' }] },
      '/phoneNumbers/0/value',
    ],
    [
      'a local phone without phone-context',
      { phoneNumbers: [{ value: 'tel:5550100' }] },
      '/phoneNumbers/0/value',
    ],
    ['a phone of 16 digits', { phoneNumbers: [{ value: 'tel:+1234567890123456' }] }, '/phoneNumbers/0/value'],
    [
      'an unknown phone type',
      { phoneNumbers: [{ value: 'tel:+14085550100', type: 'satellite' }] },
      '/phoneNumbers/0/type',
    ],
    ['eleven addresses', { addresses: Array.from({ length: 11 }, () => ({ locality: 'X' })) }, '/addresses'],
    ['an address country of three letters', { addresses: [{ country: 'USA' }] }, '/addresses/0/country'],
    ['no entitlements in the list', { entitlements: [] }, '/entitlements'],
    [
      '10,001 entitlements',
      { entitlements: Array.from({ length: 10_001 }, (_, i) => ({ value: `E${i}` })) },
      '/entitlements',
    ],
    ['an entitlement without value', { entitlements: [{}] }, '/entitlements/0/value'],
    ['a one-letter preferredLanguage', { preferredLanguage: 'e' }, '/preferredLanguage'],
    ['an 11-character preferredLanguage', { preferredLanguage: 'en-US-POSIX' }, '/preferredLanguage'],
    ['an abbreviated timezone', { timezone: 'EST' }, '/timezone'],
    ['an unknown timezone', { timezone: 'Mars/Olympus_Mons' }, '/timezone'],
    ['a 128-character timezone', { timezone: 'A'.repeat(128) }, '/timezone'],
  ])('refuses %s with a SCIM invalidValue error naming the field', async (_case, overrides, field) => {
    const reply = await create(overrides);
    expect(reply.status).toBe(400);
    expect(reply.headers['content-type']).toContain(SCIM);
    expect(reply.body).toMatchObject({
      schemas: [SCIM_ERROR_SCHEMA],
      status: '400',
      scimType: 'invalidValue',
      error: 'INVALID_REQUEST',
    });
    expect(reply.body.detail).toContain(`${field}:`);
    expect(reply.body.error_description).toBe(reply.body.detail);
    expect((await scim('GET', USERS)).body.totalResults).toBe(0);
  });

  it.each([
    ['a global number with separators and an extension', 'tel:+1-201-555-0123;ext=1234'],
    ['a local number with its context', 'tel:7042;phone-context=example.com'],
  ])('accepts %s', async (_case, value) => {
    expect((await create({ phoneNumbers: [{ value, type: 'mobile' }] })).status).toBe(201);
  });

  it.each(['UTC', 'Europe/Berlin', 'Asia/Kolkata'])('accepts the IANA time zone %s', async (timezone) => {
    expect((await create({ timezone })).status).toBe(201);
  });

  it('refuses a userName taken by another user, whatever its case, with 409 uniqueness', async () => {
    expect((await create()).status).toBe(201);
    const again = await create({ userName: 'ALEXDOE01' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: '409', scimType: 'uniqueness', error: 'RESOURCE_CONFLICT' });
    expect((await scim('GET', USERS)).body.totalResults).toBe(1);
  });

  it('refuses malformed JSON as invalidSyntax and XML as 415', async () => {
    const broken = await api.request('POST', USERS, {
      headers: { 'content-type': SCIM },
      payload: '{"userName":',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.scimType).toBe('invalidSyntax');
    const xml = await api.request('POST', USERS, {
      headers: { 'content-type': 'application/xml' },
      payload: '<u/>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({
      schemas: [SCIM_ERROR_SCHEMA],
      status: '415',
      error: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  describe('list', () => {
    beforeEach(async () => {
      for (let i = 0; i < 7; i++) expect((await create({ userName: `member0${i}x` })).status).toBe(201);
    });

    it('answers a ListResponse, oldest first, 50 a page by default', async () => {
      const reply = await scim('GET', USERS);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        schemas: [SCIM_LIST_SCHEMA],
        totalResults: 7,
        itemsPerPage: 7,
        startIndex: 1,
      });
      expect(reply.body.Resources.map((u: { userName: string }) => u.userName)).toEqual(
        Array.from({ length: 7 }, (_, i) => `member0${i}x`),
      );
    });

    it('pages with startIndex and count', async () => {
      const reply = await scim('GET', `${USERS}?startIndex=3&count=2`);
      expect(reply.body).toMatchObject({ totalResults: 7, itemsPerPage: 2, startIndex: 3 });
      expect(reply.body.Resources.map((u: { userName: string }) => u.userName)).toEqual([
        'member02x',
        'member03x',
      ]);
      const past = await scim('GET', `${USERS}?startIndex=100000`);
      expect(past.body).toMatchObject({
        totalResults: 7,
        itemsPerPage: 0,
        startIndex: 100000,
        Resources: [],
      });
      const none = await scim('GET', `${USERS}?count=0`);
      expect(none.body).toMatchObject({ totalResults: 7, itemsPerPage: 0, Resources: [] });
    });

    it('treats a count over 100 as 100', async () => {
      const reply = await scim('GET', `${USERS}?count=5000`);
      expect(reply.status).toBe(200);
      expect(reply.body.itemsPerPage).toBe(7);
    });

    it('filters by userName eq, without regard to case', async () => {
      const reply = await scim('GET', `${USERS}?filter=${encodeURIComponent('userName eq "MEMBER03X"')}`);
      expect(reply.body).toMatchObject({ totalResults: 1, itemsPerPage: 1 });
      expect(reply.body.Resources[0].userName).toBe('member03x');
      const bare = await scim('GET', `${USERS}?filter=${encodeURIComponent('userName eq member04x')}`);
      expect(bare.body.totalResults).toBe(1);
      const nobody = await scim('GET', `${USERS}?filter=${encodeURIComponent('userName eq "nobody123"')}`);
      expect(nobody.body).toMatchObject({ totalResults: 0, Resources: [] });
    });

    it.each([
      ['startIndex 0', 'startIndex=0', 'invalidValue'],
      ['startIndex 100001', 'startIndex=100001', 'invalidValue'],
      ['a startIndex that is no number', 'startIndex=first', 'invalidValue'],
      ['a negative count', 'count=-1', 'invalidValue'],
      ['a fractional count', 'count=1.5', 'invalidValue'],
      ['another filter', `filter=${encodeURIComponent('emails co "example"')}`, 'invalidFilter'],
      ['an unquoted filter with spaces', `filter=${encodeURIComponent('userName eq a b')}`, 'invalidFilter'],
    ])('refuses %s', async (_case, query, scimType) => {
      const reply = await scim('GET', `${USERS}?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: '400', scimType });
    });
  });

  describe('PATCH and DELETE', () => {
    let id: string;
    beforeEach(async () => {
      id = (await create()).body.id;
    });
    const patch = (Operations: unknown[]) =>
      scim('PATCH', `${USERS}/${id}`, { schemas: [SCIM_PATCH_SCHEMA], Operations });

    it('replaces, adds and removes attributes', async () => {
      const reply = await patch([
        { op: 'replace', path: 'name.givenName', value: 'Alexandra' },
        { op: 'Add', path: 'entitlements', value: [{ value: 'PAYOUTS_SEND' }] },
        { op: 'remove', path: 'phoneNumbers' },
        { op: 'replace', value: { timezone: 'Europe/Paris' } },
      ]);
      expect(reply.status).toBe(200);
      expect(reply.body.name).toEqual({ givenName: 'Alexandra', familyName: 'Doe' });
      expect(reply.body.entitlements).toEqual([{ value: 'REPORTING_VIEW' }, { value: 'PAYOUTS_SEND' }]);
      expect(reply.body).not.toHaveProperty('phoneNumbers');
      expect(reply.body.timezone).toBe('Europe/Paris');
      expect((await scim('GET', `${USERS}/${id}`)).body).toEqual(reply.body);
    });

    it('deactivates and activates through active, keeping the history', async () => {
      const off = await patch([{ op: 'replace', path: 'active', value: 'False' }]);
      expect(off.body.active).toBe(false);
      const on = await patch([{ op: 'replace', path: 'active', value: true }]);
      expect(on.body.active).toBe(true);
      const history = api.host.deps.store.resources.history('scim-user', id).map((h) => h.trigger);
      expect(history).toEqual(['create', 'update', 'deactivate', 'update', 'activate']);
    });

    it('refuses a result that breaks a rule and keeps the user as it was', async () => {
      const before = (await scim('GET', `${USERS}/${id}`)).body;
      const reply = await patch([
        { op: 'replace', path: 'name.givenName', value: 'Changed' },
        { op: 'replace', path: 'timezone', value: 'PST' },
      ]);
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toContain('/timezone:');
      expect((await scim('GET', `${USERS}/${id}`)).body).toEqual(before);
    });

    it.each([
      [
        'a filtered path',
        [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'x@example.com' }],
        'invalidPath',
      ],
      ['an unknown attribute', [{ op: 'replace', path: 'nickName', value: 'Al' }], 'invalidPath'],
      ['a remove without path', [{ op: 'remove' }], 'noTarget'],
      ['an unknown op', [{ op: 'move', path: 'userName', value: 'x' }], 'invalidValue'],
      ['removing the userName', [{ op: 'remove', path: 'userName' }], 'invalidValue'],
    ])('refuses %s', async (_case, operations, scimType) => {
      const reply = await patch(operations);
      expect(reply.status).toBe(400);
      expect(reply.body.scimType).toBe(scimType);
    });

    it('refuses renaming to a taken userName with 409', async () => {
      await create({ userName: 'takenname1' });
      const reply = await patch([{ op: 'replace', path: 'userName', value: 'TakenName1' }]);
      expect(reply.status).toBe(409);
      expect(reply.body.scimType).toBe('uniqueness');
    });

    it('deletes: the user answers 404, leaves the list, and its userName is free again', async () => {
      const reply = await scim('DELETE', `${USERS}/${id}`);
      expect(reply.status).toBe(204);
      const gone = await scim('GET', `${USERS}/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({
        schemas: [SCIM_ERROR_SCHEMA],
        status: '404',
        error: 'RESOURCE_NOT_FOUND',
      });
      expect((await scim('DELETE', `${USERS}/${id}`)).status).toBe(404);
      expect((await scim('GET', USERS)).body.totalResults).toBe(0);
      expect((await create()).status).toBe(201);
    });
  });

  it('keeps users across a restart of a persistent workspace', async () => {
    const persistent = await startHarness({ persistent: true });
    try {
      const made = await persistent.request('POST', USERS, { body: user() });
      expect(made.status).toBe(201);
      const dataDir = persistent.dataDir!;
      await persistent.host.close();
      const again = await startHarness({ dataDir });
      try {
        const shown = await again.request('GET', `${USERS}/${made.body.id}`);
        expect(shown.body.userName).toBe('alexdoe01');
      } finally {
        await again.close();
      }
    } finally {
      await persistent.close().catch(() => undefined);
    }
  });

  it('answers 403 in SCIM form to a token without the SCIM scope', async () => {
    const token = await api.newToken(SCOPES.openid);
    const reply = await api.request('GET', USERS, { token });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      schemas: [SCIM_ERROR_SCHEMA],
      status: '403',
      error: 'NOT_AUTHORIZED',
    });
  });
});
