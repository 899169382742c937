import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../../shared/scopes.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { otherAppToken } from '../../../test-support/test-kit.js';

const HOOKS = '/v1/notifications/webhooks';
/** Fastify's inject() calls arrive as Host localhost:80; links are built from the request's base URL. */
const INJECT_BASE = 'http://localhost:80';
const body = (url: string, ...types: string[]) => ({
  url,
  event_types: (types.length > 0 ? types : ['*']).map((name) => ({ name })),
});

describe('webhook subscriptions (spec 2.19, 4.12)', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.close());

  it('creates, shows, lists, updates and deletes a webhook with the links of spec 2.19', async () => {
    const created = await h.request('POST', HOOKS, {
      body: body('https://example.com/hooks', 'PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED'),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    expect(created.body).toEqual({
      id,
      url: 'https://example.com/hooks',
      event_types: [
        { name: 'PAYMENT.CAPTURE.COMPLETED', description: 'A payment capture completed.', status: 'ENABLED' },
        {
          name: 'CHECKOUT.ORDER.APPROVED',
          description: 'An order has been approved by buyer.',
          status: 'ENABLED',
        },
      ],
      links: [
        { href: `${INJECT_BASE}${HOOKS}/${id}`, rel: 'self', method: 'GET' },
        { href: `${INJECT_BASE}${HOOKS}/${id}`, rel: 'update', method: 'PATCH' },
        { href: `${INJECT_BASE}${HOOKS}/${id}`, rel: 'delete', method: 'DELETE' },
      ],
    });
    expect((await h.request('GET', `${HOOKS}/${id}`)).body).toEqual(created.body);
    const list = await h.request('GET', HOOKS);
    expect(list.status).toBe(200);
    expect(list.body.webhooks).toEqual([created.body]);
    const types = await h.request('GET', `${HOOKS}/${id}/event-types`);
    expect(types.body).toEqual({ event_types: created.body.event_types });

    const patched = await h.request('PATCH', `${HOOKS}/${id}`, {
      body: [
        { op: 'replace', path: '/url', value: 'https://example.com/other' },
        { op: 'replace', path: '/event_types', value: [{ name: '*' }] },
      ],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.url).toBe('https://example.com/other');
    expect(patched.body.event_types).toEqual([{ name: '*', description: 'ALL', status: 'ENABLED' }]);

    expect((await h.request('DELETE', `${HOOKS}/${id}`)).status).toBe(204);
    expectError(await h.request('GET', `${HOOKS}/${id}`), 'RESOURCE_NOT_FOUND', {
      issue: 'RESOURCE_NOT_FOUND',
      field: '/webhook_id',
    });
    expectError(await h.request('DELETE', `${HOOKS}/${id}`), 'RESOURCE_NOT_FOUND');
    expect((await h.request('GET', HOOKS)).body.webhooks).toEqual([]);
  });

  it.each([
    [
      'a URL that is not a URI',
      { url: 'not a url', event_types: [{ name: '*' }] },
      'WEBHOOK_URL_NOT_SUPPORTED',
      '/url',
    ],
    [
      'a URL of another scheme',
      { url: 'ftp://example.com/x', event_types: [{ name: '*' }] },
      'WEBHOOK_URL_NOT_SUPPORTED',
      '/url',
    ],
    [
      'a URL of 2049 characters',
      { url: `https://example.com/${'a'.repeat(2049 - 20)}`, event_types: [{ name: '*' }] },
      'INVALID_STRING_MAX_LENGTH',
      '/url',
    ],
    ['no url', { event_types: [{ name: '*' }] }, 'MISSING_REQUIRED_PARAMETER', '/url'],
    [
      'no event types',
      { url: 'https://example.com/a', event_types: [] },
      'INVALID_ARRAY_MIN_ITEMS',
      '/event_types',
    ],
    [
      '501 event types',
      {
        url: 'https://example.com/a',
        event_types: Array.from({ length: 501 }, (_, i) => ({ name: `T${i}` })),
      },
      'INVALID_ARRAY_MAX_ITEMS',
      '/event_types',
    ],
    [
      'an unknown event type',
      {
        url: 'https://example.com/a',
        event_types: [{ name: 'PAYMENT.CAPTURE.COMPLETED' }, { name: 'NO.SUCH.EVENT' }],
      },
      'EVENT_TYPE_NOT_SUPPORTED',
      '/event_types/1/name',
    ],
    [
      'a repeated event type',
      {
        url: 'https://example.com/a',
        event_types: [{ name: 'PAYMENT.CAPTURE.COMPLETED' }, { name: 'PAYMENT.CAPTURE.COMPLETED' }],
      },
      'DUPLICATE_EVENT_TYPE',
      '/event_types/1/name',
    ],
    [
      '* beside other types',
      { url: 'https://example.com/a', event_types: [{ name: 'PAYMENT.CAPTURE.COMPLETED' }, { name: '*' }] },
      'WILDCARD_NOT_ALONE',
      '/event_types/1/name',
    ],
    [
      'an event type without a name',
      { url: 'https://example.com/a', event_types: [{}] },
      'MISSING_REQUIRED_PARAMETER',
      '/event_types/0/name',
    ],
  ])('refuses %s with a clear 400', async (_label, request, issue, field) => {
    expectError(await h.request('POST', HOOKS, { body: request }), 'INVALID_REQUEST', {
      issue: issue as never,
      field,
    });
  });

  it('accepts a URL of exactly 2048 characters and 500 event types at the limit', async () => {
    const url = `https://example.com/${'a'.repeat(2048 - 20)}`;
    expect(url.length).toBe(2048);
    expect((await h.request('POST', HOOKS, { body: body(url) })).status).toBe(201);
    // 500 entries is within the limit; they must still be known and distinct, so the catalog decides.
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `UNKNOWN.TYPE.${i}` }));
    const reply = await h.request('POST', HOOKS, {
      body: { url: 'https://example.com/many', event_types: many },
    });
    expectError(reply, 'INVALID_REQUEST', {
      issue: 'EVENT_TYPE_NOT_SUPPORTED',
      field: '/event_types/499/name',
    });
    expect(reply.body.details).toHaveLength(500);
  });

  it('refuses a second webhook with the same URL in one app, on create and on update', async () => {
    const first = await h.request('POST', HOOKS, { body: body('https://example.com/same') });
    const dup = await h.request('POST', HOOKS, {
      body: body('https://example.com/same', 'PAYMENT.CAPTURE.COMPLETED'),
    });
    expectError(dup, 'INVALID_REQUEST', { issue: 'WEBHOOK_URL_ALREADY_EXISTS', field: '/url' });
    expect(dup.body.details[0].description).toContain(first.body.id);
    const second = await h.request('POST', HOOKS, { body: body('https://example.com/second') });
    const moved = await h.request('PATCH', `${HOOKS}/${second.body.id}`, {
      body: [{ op: 'replace', path: '/url', value: 'https://example.com/same' }],
    });
    expectError(moved, 'INVALID_REQUEST', { issue: 'WEBHOOK_URL_ALREADY_EXISTS', field: '/0/value' });
    expect((await h.request('GET', `${HOOKS}/${second.body.id}`)).body.url).toBe(
      'https://example.com/second',
    );
  });

  it.each([
    [
      'an add op',
      [{ op: 'add', path: '/url', value: 'https://example.com/x' }],
      'PATCH_OPERATION_NOT_SUPPORTED',
      '/0/op',
    ],
    ['a remove op', [{ op: 'remove', path: '/event_types' }], 'PATCH_OPERATION_NOT_SUPPORTED', '/0/op'],
    ['another path', [{ op: 'replace', path: '/id', value: 'X' }], 'PATCH_PATH_NOT_SUPPORTED', '/0/path'],
    [
      'a nested path',
      [{ op: 'replace', path: '/event_types/0/name', value: '*' }],
      'PATCH_PATH_NOT_SUPPORTED',
      '/0/path',
    ],
    ['no value', [{ op: 'replace', path: '/url' }], 'MISSING_REQUIRED_PARAMETER', '/0/value'],
    [
      'a bad URL',
      [{ op: 'replace', path: '/url', value: 'mailto:a@b.c' }],
      'WEBHOOK_URL_NOT_SUPPORTED',
      '/0/value',
    ],
    [
      'an unknown type',
      [{ op: 'replace', path: '/event_types', value: [{ name: 'NOPE' }] }],
      'EVENT_TYPE_NOT_SUPPORTED',
      '/0/value/0/name',
    ],
    [
      'event types that are not a list',
      [{ op: 'replace', path: '/event_types', value: '*' }],
      'INVALID_PARAMETER_VALUE',
      '/0/value',
    ],
    [
      'a second op that is wrong',
      [
        { op: 'replace', path: '/url', value: 'https://example.com/ok' },
        { op: 'move', path: '/url', from: '/x' },
      ],
      'PATCH_OPERATION_NOT_SUPPORTED',
      '/1/op',
    ],
    ['an empty patch', [], 'INVALID_ARRAY_MIN_ITEMS', '/'],
  ])('PATCH with %s is a clear 400 and changes nothing', async (_label, ops, issue, field) => {
    const created = await h.request('POST', HOOKS, { body: body('https://example.com/keep') });
    expectError(await h.request('PATCH', `${HOOKS}/${created.body.id}`, { body: ops }), 'INVALID_REQUEST', {
      issue: issue as never,
      field,
    });
    expect((await h.request('GET', `${HOOKS}/${created.body.id}`)).body).toEqual(created.body);
  });

  it.each([
    ['51 characters', 'A'.repeat(51)],
    ['an underscore', 'WEBHOOK_1'],
    ['a hyphen', 'WH-1'],
  ])('refuses a webhook id with %s (at most 50 letters and digits)', async (_label, id) => {
    expectError(await h.request('GET', `${HOOKS}/${id}`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'webhook_id',
    });
  });

  it('answers 404 for a well-formed id that does not exist (50 letters and digits)', async () => {
    expectError(await h.request('GET', `${HOOKS}/${'A1'.repeat(25)}`), 'RESOURCE_NOT_FOUND');
  });

  it('lists the catalog: every emitted type with its description, resource type and versions', async () => {
    const reply = await h.request('GET', '/v1/notifications/webhooks-event-types');
    expect(reply.status).toBe(200);
    const names = (reply.body.event_types as { name: string }[]).map((t) => t.name);
    for (const required of [
      'CHECKOUT.ORDER.APPROVED',
      'CHECKOUT.ORDER.COMPLETED',
      'CHECKOUT.PAYMENT-APPROVAL.REVERSED',
      'PAYMENT.AUTHORIZATION.CREATED',
      'PAYMENT.AUTHORIZATION.VOIDED',
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.REFUNDED',
    ]) {
      expect(names).toContain(required);
    }
    expect(reply.body.event_types).toContainEqual({
      name: 'PAYMENT.CAPTURE.COMPLETED',
      description: 'A payment capture completed.',
      status: 'ENABLED',
      resource_type: 'capture',
      resource_versions: ['2.0'],
    });
  });

  it('keeps apps apart; anchor_type=ACCOUNT lists every app of the same merchant', async () => {
    const own = await h.request('POST', HOOKS, { body: body('https://example.com/own') });
    const other = { headers: { authorization: `Bearer ${await otherAppToken(h)}` } };
    // Another app may use the same URL; it does not see the first app's webhook.
    const theirs = await h.request('POST', HOOKS, { ...other, body: body('https://example.com/own') });
    expect(theirs.status).toBe(201);
    expectError(await h.request('GET', `${HOOKS}/${own.body.id}`, other), 'RESOURCE_NOT_FOUND');
    expect((await h.request('GET', HOOKS, other)).body.webhooks.map((w: { id: string }) => w.id)).toEqual([
      theirs.body.id,
    ]);
    const account = await h.request('GET', `${HOOKS}?anchor_type=ACCOUNT`, other);
    expect(account.body.webhooks.map((w: { id: string }) => w.id).sort()).toEqual(
      [own.body.id, theirs.body.id].sort(),
    );
    expectError(await h.request('GET', `${HOOKS}?anchor_type=MERCHANT`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_VALUE',
      field: 'anchor_type',
    });
  });

  it('needs the webhooks scope', async () => {
    const token = await h.newToken(SCOPES.orders);
    expectError(await h.request('GET', HOOKS, { token }), 'NOT_AUTHORIZED', 'INSUFFICIENT_SCOPE');
  });
});
