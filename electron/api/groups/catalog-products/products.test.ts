import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test-support/expect-error.js';
import {
  BAD,
  malformedPatchCases,
  type PatchRefusalCase,
  REFUSED,
} from '../../../test-support/malformed-patches.js';
import {
  createProduct,
  expectStatus,
  PRODUCTS,
  productBody,
  startBillingHarness,
  type BillingHarness,
} from '../subscriptions/subscriptions-test-kit.js';

describe('catalog products', () => {
  let api: BillingHarness;
  beforeAll(async () => {
    api = await startBillingHarness();
  });
  afterAll(() => api.close());

  it('creates a product with a PROD- id and answers it whole, with self and edit links', async () => {
    const body = await expectStatus(await api.request('POST', PRODUCTS, { body: productBody() }), 201);
    expect(body.id).toMatch(/^PROD-[A-Z0-9]{17}$/);
    expect(body).toMatchObject({
      name: 'Video Streaming Service',
      type: 'SERVICE',
      category: 'SOFTWARE',
      home_url: 'https://example.com/home',
      create_time: '2026-05-15T12:00:00Z',
    });
    expect(body.links.map((l: { rel: string; method: string }) => `${l.rel}:${l.method}`)).toEqual([
      'self:GET',
      'edit:PATCH',
    ]);
    const shown = await expectStatus(await api.request('GET', `${PRODUCTS}/${body.id}`), 200);
    expect(shown.name).toBe('Video Streaming Service');
  });

  it('keeps a caller-chosen id and refuses it a second time', async () => {
    const id = 'PROD-ABCDEFGHIJ0123456';
    await expectStatus(await api.request('POST', PRODUCTS, { body: productBody({ id }) }), 201);
    const again = await api.request('POST', PRODUCTS, { body: productBody({ id }) });
    expect(again.status).toBe(422);
    expect(again.body.details[0]).toMatchObject({ issue: 'DUPLICATE_RESOURCE_IDENTIFIER', field: '/id' });
  });

  it.each([
    ['no name', { name: undefined }, '/name', 'MISSING_REQUIRED_PARAMETER'],
    ['an empty name', { name: '' }, '/name', 'INVALID_STRING_LENGTH'],
    ['a long name', { name: 'x'.repeat(128) }, '/name', 'INVALID_STRING_MAX_LENGTH'],
    ['an unknown type', { type: 'HARDWARE' }, '/type', 'INVALID_PARAMETER_VALUE'],
    ['no type', { type: undefined }, '/type', 'MISSING_REQUIRED_PARAMETER'],
    ['a lowercase category', { category: 'software' }, '/category', 'INVALID_PARAMETER_SYNTAX'],
    ['a javascript: url', { home_url: 'javascript:alert(1)' }, '/home_url', 'INVALID_PARAMETER_VALUE'],
    ['a long description', { description: 'd'.repeat(257) }, '/description', 'INVALID_STRING_MAX_LENGTH'],
    ['a malformed id', { id: 'PROD-short' }, '/id', 'INVALID_PARAMETER_SYNTAX'],
  ])('refuses %s with 400', async (_name, change, field, issue) => {
    const reply = await api.request('POST', PRODUCTS, { body: productBody(change) });
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body.name).toBe('INVALID_REQUEST');
    const found = reply.body.details.find((d: { field: string }) => d.field === field);
    expect(found, reply.text).toBeDefined();
    if (issue !== 'INVALID_PARAMETER_SYNTAX' && issue !== 'INVALID_PARAMETER_VALUE')
      expect(found.issue).toBe(issue);
  });

  it('answers a repeated Svc-Request-Id with the same product (200), creating it once', async () => {
    const headers = { 'svc-request-id': 'product-key-1' };
    const first = await expectStatus(
      await api.request('POST', PRODUCTS, { body: productBody(), headers }),
      201,
    );
    const second = await expectStatus(
      await api.request('POST', PRODUCTS, { body: productBody(), headers }),
      200,
    );
    expect(second.id).toBe(first.id);
  });

  it('lists products in pages with totals and links', async () => {
    const fresh = await startBillingHarness();
    try {
      for (let i = 0; i < 3; i++) await createProduct(fresh, { name: `Product ${i}` });
      const page = await expectStatus(
        await fresh.request('GET', `${PRODUCTS}?page_size=2&page=1&total_required=true`),
        200,
      );
      expect(page.total_items).toBe(3);
      expect(page.total_pages).toBe(2);
      expect(page.products).toHaveLength(2);
      expect(Object.keys(page.products[0])).toEqual(['id', 'name', 'description', 'create_time', 'links']);
      expect(page.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next', 'last']);
      const second = await expectStatus(await fresh.request('GET', `${PRODUCTS}?page_size=2&page=2`), 200);
      expect(second.products).toHaveLength(1);
      expect(second.total_items).toBeUndefined();
      for (const query of ['page_size=21', 'page_size=0', 'page=0', 'page=100001', 'total_required=maybe']) {
        expect((await fresh.request('GET', `${PRODUCTS}?${query}`)).status, query).toBe(400);
      }
    } finally {
      await fresh.close();
    }
  });

  it('updates what the platform allows with PATCH (204) and refuses the rest', async () => {
    const id = await createProduct(api);
    const patch = [
      { op: 'replace', path: '/description', value: 'Premium streaming' },
      { op: 'add', path: '/category', value: 'ENTERTAINMENT_AND_MEDIA' },
      { op: 'remove', path: '/image_url' },
    ];
    expect((await api.request('PATCH', `${PRODUCTS}/${id}`, { body: patch })).status).toBe(204);
    const shown = await expectStatus(await api.request('GET', `${PRODUCTS}/${id}`), 200);
    expect(shown).toMatchObject({ description: 'Premium streaming', category: 'ENTERTAINMENT_AND_MEDIA' });
    expect(shown.image_url).toBeUndefined();
    expect(shown.update_time).toBeDefined();

    const name = await api.request('PATCH', `${PRODUCTS}/${id}`, {
      body: [{ op: 'replace', path: '/name', value: 'x' }],
    });
    expect(name.status).toBe(422);
    expect(name.body.details[0]).toMatchObject({ issue: 'INVALID_PATCH_PATH', field: '/0/path' });
    const move = await api.request('PATCH', `${PRODUCTS}/${id}`, {
      body: [{ op: 'move', from: '/description', path: '/home_url' }],
    });
    expect(move.body.details[0].issue).toBe('UNSUPPORTED_PATCH_OPERATION');
    const bad = await api.request('PATCH', `${PRODUCTS}/${id}`, {
      body: [{ op: 'replace', path: '/category', value: 'lower' }],
    });
    expect(bad.status).toBe(400);
    const missing = await api.request('PATCH', `${PRODUCTS}/${id}`, {
      body: [{ op: 'remove', path: '/image_url' }],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.details[0]).toMatchObject({
      issue: 'PATCH_FAILED',
      field: '/0/path',
      value: '/image_url',
    });
    // A malformed operation is 400, even on a path that cannot be patched.
    const noValue = await api.request('PATCH', `${PRODUCTS}/${id}`, {
      body: [{ op: 'replace', path: '/name' }],
    });
    expect(noValue.status).toBe(400);
    expect(noValue.body.details[0]).toMatchObject({ issue: 'MISSING_REQUIRED_PARAMETER', field: '/0/value' });
    // Nothing of the refused patches was stored.
    expect((await expectStatus(await api.request('GET', `${PRODUCTS}/${id}`), 200)).category).toBe(
      'ENTERTAINMENT_AND_MEDIA',
    );
  });

  it.each<PatchRefusalCase>([
    // Malformed operations are 400, checked before which paths and ops a product allows.
    ...malformedPatchCases('/description'),
    [
      'test without value',
      [{ op: 'test', path: '/description' }],
      BAD,
      'MISSING_REQUIRED_PARAMETER',
      '/0/value',
    ],
    [
      'a bad ~ escape',
      [{ op: 'replace', path: '/description/~2', value: 'x' }],
      BAD,
      'INVALID_PARAMETER_VALUE',
      '/0/path',
    ],
    [
      'a malformed second op after a good one',
      [
        { op: 'replace', path: '/description', value: 'Changed' },
        { op: 'add', path: '/category' },
      ],
      BAD,
      'MISSING_REQUIRED_PARAMETER',
      '/1/value',
    ],
    // Well-formed operations a product refuses, or that cannot be applied, are 422.
    [
      'a test (not a product patch op)',
      [{ op: 'test', path: '/description', value: 'nope' }],
      REFUSED,
      'UNSUPPORTED_PATCH_OPERATION',
      '/0/op',
    ],
    [
      'a move with its from',
      [{ op: 'move', from: '/description', path: '/home_url' }],
      REFUSED,
      'UNSUPPORTED_PATCH_OPERATION',
      '/0/op',
    ],
    [
      'remove of a member that is not there',
      [
        { op: 'remove', path: '/category' },
        { op: 'remove', path: '/category' },
      ],
      REFUSED,
      'PATCH_FAILED',
      '/1/path',
    ],
  ])('refuses a PATCH with %s, storing nothing', async (_case, patch, name, issue, field) => {
    const id = await createProduct(api);
    const url = `${PRODUCTS}/${id}`;
    const before = await expectStatus(await api.request('GET', url), 200);
    const reply = await api.request('PATCH', url, { body: patch });
    expect(expectError(reply, name, { issue, field, location: 'body' }).details).toHaveLength(1);
    expect(await expectStatus(await api.request('GET', url), 200)).toEqual(before);
  });

  it('answers 404 for an unknown product, and for another app\u2019s', async () => {
    const reply = await api.request('GET', `${PRODUCTS}/PROD-00000000000000000`);
    expect(reply.status).toBe(404);
    expect(reply.body.name).toBe('RESOURCE_NOT_FOUND');
  });
});
