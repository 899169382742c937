import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test-support/expect-error.js';
import {
  BAD,
  malformedPatchCases,
  type PatchRefusalCase,
  REFUSED,
} from '../../../test-support/malformed-patches.js';
import {
  advance,
  createPlan,
  createProduct,
  cycle,
  eventTypesOf,
  expectStatus,
  historyOf,
  PLANS,
  planBody,
  startBillingHarness,
  type BillingHarness,
} from './subscriptions-test-kit.js';

describe('subscription plans', () => {
  let api: BillingHarness;
  let product: string;
  beforeAll(async () => {
    api = await startBillingHarness();
    product = await createProduct(api);
  });
  afterAll(() => api.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    api.request('POST', PLANS, { body, headers });

  it('creates an ACTIVE plan by default, answering minimal unless Prefer asks for the whole plan', async () => {
    const minimal = await expectStatus(await post(planBody(product)), 201);
    expect(minimal.id).toMatch(/^P-[A-Z0-9]{24}$/);
    expect(Object.keys(minimal)).toEqual(['id', 'status', 'links']);
    expect(minimal.status).toBe('ACTIVE');
    const whole = await expectStatus(await post(planBody(product), { prefer: 'return=representation' }), 201);
    expect(whole).toMatchObject({
      product_id: product,
      status: 'ACTIVE',
      usage_type: 'LICENSED',
      quantity_supported: false,
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 12,
          pricing_scheme: {
            version: 1,
            fixed_price: { value: '10.00', currency_code: 'USD' },
            status: 'ACTIVE',
          },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: 'CANCEL',
        payment_failure_threshold: 3,
      },
    });
    // Spec 2.10: self GET, edit PATCH, deactivate POST, edit POST on update-pricing-schemes.
    expect(
      whole.links.map(
        (l: { rel: string; method: string; href: string }) =>
          `${l.rel}:${l.method}:${l.href.split(whole.id)[1]}`,
      ),
    ).toEqual([
      'self:GET:',
      'edit:PATCH:',
      'deactivate:POST:/deactivate',
      'edit:POST:/update-pricing-schemes',
    ]);
  });

  it('creates a CREATED plan when asked, and refuses other input statuses', async () => {
    const created = await createPlan(api, { status: 'CREATED' }, product);
    expect(created.status).toBe('CREATED');
    expect(created.links.map((l: { rel: string }) => l.rel)).toContain('activate');
    const inactive = await post(planBody(product, { status: 'INACTIVE' }));
    expect(inactive.status).toBe(400);
    expect(inactive.body.details[0].field).toBe('/status');
  });

  it.each([
    ['no regular cycle', [cycle(1, { tenure: 'TRIAL', total: 1 })], 422, 'MISSING_REGULAR_BILLING_CYCLE'],
    [
      'two regular cycles',
      [cycle(1, { price: '1.00' }), cycle(2, { price: '2.00' })],
      422,
      'MULTIPLE_REGULAR_BILLING_CYCLES_NOT_SUPPORTED',
    ],
    [
      'three trial cycles',
      [
        cycle(1, { tenure: 'TRIAL', total: 1 }),
        cycle(2, { tenure: 'TRIAL', price: '1.00' }),
        cycle(3, { tenure: 'TRIAL', price: '2.00' }),
        cycle(4, { price: '9.00' }),
      ],
      422,
      'MORE_THAN_TWO_TRIAL_BILLING_CYCLE_NOT_SUPPORTED',
    ],
    [
      'two free trials',
      [
        cycle(1, { tenure: 'TRIAL', total: 1 }),
        cycle(2, { tenure: 'TRIAL', total: 1, price: '0' }),
        cycle(3, { price: '9.00' }),
      ],
      422,
      'MULTIPLE_FREE_TRIAL_BILLING_CYCLES_NOT_SUPPORTED',
    ],
    [
      'a gap in the sequence',
      [cycle(1, { tenure: 'TRIAL', total: 1 }), cycle(3, { price: '9.00' })],
      422,
      'INVALID_BILLING_CYCLE_SEQUENCE',
    ],
    [
      'the regular cycle first',
      [cycle(1, { price: '9.00' }), cycle(2, { tenure: 'TRIAL', total: 1 })],
      422,
      'INVALID_BILLING_CYCLE_SEQUENCE',
    ],
    [
      'an infinite trial',
      [cycle(1, { tenure: 'TRIAL', total: 0 }), cycle(2, { price: '9.00' })],
      422,
      'INVALID_TRIAL_BILLING_TOTAL_CYCLES',
    ],
    ['a regular cycle without price', [cycle(1)], 400, 'MISSING_REQUIRED_PARAMETER'],
    ['a zero regular price', [cycle(1, { price: '0.00' })], 422, 'AMOUNT_NOT_POSITIVE'],
    [
      'two currencies',
      [cycle(1, { tenure: 'TRIAL', price: '1.00', currency: 'EUR' }), cycle(2, { price: '9.00' })],
      422,
      'CURRENCY_MISMATCH',
    ],
    ['three decimals in USD', [cycle(1, { price: '9.999' })], 400, 'DECIMAL_PRECISION'],
    ['an unknown currency', [cycle(1, { price: '9.00', currency: 'XXX' })], 422, 'CURRENCY_NOT_SUPPORTED'],
    ['13 months in one cycle', [cycle(1, { price: '9.00', count: 13 })], 400, 'INVALID_PARAMETER_VALUE'],
    ['no cycles', [], 400, 'INVALID_ARRAY_MIN_ITEMS'],
    [
      '13 cycles',
      Array.from({ length: 13 }, (_, i) => cycle(i + 1, { price: '1.00' })),
      400,
      'INVALID_ARRAY_MAX_ITEMS',
    ],
    ['sequence 0', [cycle(0, { price: '9.00' })], 400, 'INVALID_INTEGER_MIN_VALUE'],
    ['1000 total cycles', [cycle(1, { price: '9.00', total: 1000 })], 400, 'INVALID_INTEGER_MAX_VALUE'],
    ['a price past 999999999.99', [cycle(1, { price: '1000000000.00' })], 400, 'INVALID_PARAMETER_VALUE'],
  ])('refuses %s (%s %s)', async (_name, cycles, status, issue) => {
    const reply = await post(planBody(product, { billing_cycles: cycles }));
    expect(reply.status, reply.text).toBe(status);
    expect(reply.body.details.map((d: { issue: string }) => d.issue)).toContain(issue);
  });

  it.each([
    ['a short product_id', { product_id: 'PROD-123' }, 400],
    ['a product_id not starting PROD-', { product_id: 'ABCD-XXCD1234QWER65782' }, 400],
    ['an unknown product', { product_id: 'PROD-XXCD1234QWER65782' }, 422],
    ['no payment_preferences', { payment_preferences: undefined }, 400],
    ['no name', { name: undefined }, 400],
    ['a 128-character name', { name: 'n'.repeat(128) }, 400],
    ['a tax over 100%', { taxes: { percentage: '101' } }, 400],
    [
      'a negative setup fee',
      { payment_preferences: { setup_fee: { value: '-1.00', currency_code: 'USD' } } },
      400,
    ],
    [
      'a setup fee in another currency',
      { payment_preferences: { setup_fee: { value: '1.00', currency_code: 'EUR' } } },
      422,
    ],
    [
      'an unknown setup fee failure action',
      { payment_preferences: { setup_fee_failure_action: 'RETRY' } },
      400,
    ],
    ['a threshold of 1000', { payment_preferences: { payment_failure_threshold: 1000 } }, 400],
  ])('refuses %s', async (_name, change, status) => {
    const reply = await post({ ...planBody(product), ...change });
    expect(reply.status, reply.text).toBe(status);
  });

  it('accepts two trials (one free), a setup fee, taxes and quantity', async () => {
    const plan = await createPlan(
      api,
      {
        billing_cycles: [
          cycle(1, { tenure: 'TRIAL', unit: 'WEEK', total: 1 }),
          cycle(2, { tenure: 'TRIAL', total: 3, price: '5.00' }),
          cycle(3, { total: 0, price: '10.00' }),
        ],
        payment_preferences: {
          setup_fee: { value: '1.00', currency_code: 'USD' },
          setup_fee_failure_action: 'CONTINUE',
        },
        taxes: { percentage: '8.25', inclusive: false },
        quantity_supported: true,
      },
      product,
    );
    expect(plan.billing_cycles.map((c: { total_cycles: number }) => c.total_cycles)).toEqual([1, 3, 0]);
    expect(plan.billing_cycles[0].pricing_scheme).toBeUndefined();
    expect(plan.taxes).toEqual({ percentage: '8.25', inclusive: false });
    expect(plan.payment_preferences.payment_failure_threshold).toBe(0);
  });

  it('keeps Svc-Request-Id 72 hours: a repeat answers 200 with the same plan, later it creates another', async () => {
    const headers = { 'svc-request-id': 'plan-key-72h', prefer: 'return=representation' };
    const first = await expectStatus(await post(planBody(product), headers), 201);
    await advance(api, 71 * 3600);
    const repeat = await expectStatus(await post(planBody(product), headers), 200);
    expect(repeat.id).toBe(first.id);
    await advance(api, 2 * 3600);
    const later = await expectStatus(await post(planBody(product), headers), 201);
    expect(later.id).not.toBe(first.id);
  });

  it('lists plans by product, minimal by default, with paging', async () => {
    const other = await createProduct(api, { name: 'Other' });
    for (let i = 0; i < 3; i++) await createPlan(api, { name: `Other ${i}` }, other);
    const list = await expectStatus(
      await api.request('GET', `${PLANS}?product_id=${other}&page_size=2&total_required=true`),
      200,
    );
    expect(list.total_items).toBe(3);
    expect(list.plans).toHaveLength(2);
    expect(Object.keys(list.plans[0])).toEqual(['id', 'name', 'description', 'links']);
    const full = await expectStatus(
      await api.request('GET', `${PLANS}?product_id=${other}&page=2&page_size=2`, {
        headers: { prefer: 'return=representation' },
      }),
      200,
    );
    expect(full.plans).toHaveLength(1);
    expect(full.plans[0]).toMatchObject({ status: 'ACTIVE', usage_type: 'LICENSED', product_id: other });
    const none = await expectStatus(await api.request('GET', `${PLANS}?plan_ids=,,,`), 200);
    expect(none.plans).toEqual([]);
    for (const query of ['product_id=PROD', 'page_size=21', 'page=0', 'page=100001']) {
      expect((await api.request('GET', `${PLANS}?${query}`)).status, query).toBe(400);
    }
  });

  it('patches the fields the platform allows (204) and refuses the rest', async () => {
    const plan = await createPlan(api, { taxes: { percentage: '5', inclusive: true } }, product);
    const url = `${PLANS}/${plan.id}`;
    const ok = await api.request('PATCH', url, {
      body: [
        { op: 'replace', path: '/name', value: 'Renamed' },
        { op: 'replace', path: '/payment_preferences/payment_failure_threshold', value: 7 },
        { op: 'replace', path: '/taxes/percentage', value: '6' },
      ],
    });
    expect(ok.status, ok.text).toBe(204);
    const shown = await expectStatus(await api.request('GET', url), 200);
    expect(shown).toMatchObject({ name: 'Renamed', taxes: { percentage: '6', inclusive: true } });
    expect(shown.payment_preferences.payment_failure_threshold).toBe(7);
    const cycles = await api.request('PATCH', url, {
      body: [{ op: 'replace', path: '/billing_cycles/0/total_cycles', value: 3 }],
    });
    expect(cycles.status).toBe(422);
    expect(cycles.body.details[0].issue).toBe('INVALID_PATCH_PATH');
    const whole = await api.request('PATCH', url, {
      body: [{ op: 'add', path: '/taxes', value: { percentage: '1' } }],
    });
    expect(whole.body.details[0].issue).toBe('INVALID_PATCH_PATH');
    const badType = await api.request('PATCH', url, {
      body: [{ op: 'replace', path: '/payment_preferences/payment_failure_threshold', value: 'x' }],
    });
    expect(badType.status).toBe(400);
    expect(eventTypesOf(api, plan.id)).toEqual(['BILLING.PLAN.CREATED', 'BILLING.PLAN.UPDATED']);
  });

  it.each<PatchRefusalCase>([
    // Malformed operations are 400, checked before which paths and ops a plan allows.
    ...malformedPatchCases('/name'),
    [
      'copy without from',
      [{ op: 'copy', path: '/description' }],
      BAD,
      'MISSING_REQUIRED_PARAMETER',
      '/0/from',
    ],
    [
      'a path that is not a pointer',
      [{ op: 'replace', path: 'name', value: 'x' }],
      BAD,
      'INVALID_PARAMETER_VALUE',
      '/0/path',
    ],
    // Well-formed operations a plan refuses, or that cannot be applied, are 422.
    [
      'a test (not a plan patch op)',
      [{ op: 'test', path: '/name', value: 'nope' }],
      REFUSED,
      'UNSUPPORTED_PATCH_OPERATION',
      '/0/op',
    ],
    [
      'remove of a tax the plan does not have',
      [{ op: 'remove', path: '/taxes/percentage' }],
      REFUSED,
      'PATCH_FAILED',
      '/0/path',
    ],
    [
      'replace of a setup fee the plan does not have',
      [
        { op: 'replace', path: '/name', value: 'Renamed' },
        {
          op: 'replace',
          path: '/payment_preferences/setup_fee',
          value: { currency_code: 'USD', value: '1.00' },
        },
      ],
      REFUSED,
      'PATCH_FAILED',
      '/1/path',
    ],
  ])('refuses a PATCH with %s, storing nothing', async (_case, patch, name, issue, field) => {
    const plan = await createPlan(api, {}, product);
    const url = `${PLANS}/${plan.id}`;
    const before = await expectStatus(await api.request('GET', url), 200);
    const reply = await api.request('PATCH', url, { body: patch });
    expect(expectError(reply, name, { issue, field, location: 'body' }).details).toHaveLength(1);
    expect(await expectStatus(await api.request('GET', url), 200)).toEqual(before);
    expect(eventTypesOf(api, plan.id)).toEqual(['BILLING.PLAN.CREATED']);
  });

  it('activates and deactivates through its machine, refusing moves that name the state', async () => {
    const plan = await createPlan(api, { status: 'CREATED' }, product);
    const url = `${PLANS}/${plan.id}`;
    expect((await api.request('POST', `${url}/deactivate`)).body.details[0]).toMatchObject({
      issue: 'PLAN_STATUS_INVALID',
      description: expect.stringContaining('CREATED'),
    });
    expect((await api.request('POST', `${url}/activate`)).status).toBe(204);
    const again = await api.request('POST', `${url}/activate`);
    expect(again.status).toBe(422);
    expect(again.body.details[0].description).toContain('it is ACTIVE');
    expect((await api.request('POST', `${url}/deactivate`)).status).toBe(204);
    const shown = await expectStatus(await api.request('GET', url), 200);
    expect(shown.status).toBe('INACTIVE');
    expect(historyOf(api, 'subscription-plan', plan.id)).toEqual([
      'create:CREATED',
      'activate:ACTIVE',
      'deactivate:INACTIVE',
    ]);
    expect(eventTypesOf(api, plan.id)).toEqual([
      'BILLING.PLAN.CREATED',
      'BILLING.PLAN.ACTIVATED',
      'BILLING.PLAN.DEACTIVATED',
    ]);
    const reprice = await api.request('POST', `${url}/update-pricing-schemes`, {
      body: {
        pricing_schemes: [
          {
            billing_cycle_sequence: 1,
            pricing_scheme: { fixed_price: { value: '1.00', currency_code: 'USD' } },
          },
        ],
      },
    });
    expect(reprice.status).toBe(422);
    expect(reprice.body.details[0].issue).toBe('PLAN_STATUS_INACTIVE');
  });

  it('reprices a cycle as a new pricing version', async () => {
    const plan = await createPlan(
      api,
      { billing_cycles: [cycle(1, { tenure: 'TRIAL', total: 1 }), cycle(2, { price: '10.00' })] },
      product,
    );
    const url = `${PLANS}/${plan.id}/update-pricing-schemes`;
    const price = (sequence: number, value: string, currency = 'USD') => ({
      pricing_schemes: [
        {
          billing_cycle_sequence: sequence,
          pricing_scheme: { fixed_price: { value, currency_code: currency } },
        },
      ],
    });
    expect((await api.request('POST', url, { body: price(2, '12.50') })).status).toBe(204);
    const shown = await expectStatus(await api.request('GET', `${PLANS}/${plan.id}`), 200);
    expect(shown.billing_cycles[1].pricing_scheme).toMatchObject({
      version: 2,
      fixed_price: { value: '12.50' },
    });
    const free = await api.request('POST', url, { body: price(1, '1.00') });
    expect(free.status, free.text).toBe(422);
    expect(free.body.details[0].issue).toBe('PRICING_SCHEME_UPDATE_NOT_ALLOWED');
    expect((await api.request('POST', url, { body: price(9, '1.00') })).body.details[0].issue).toBe(
      'PRICING_SCHEME_UPDATE_NOT_ALLOWED',
    );
    expect((await api.request('POST', url, { body: price(2, '1.00', 'EUR') })).body.details[0].issue).toBe(
      'CURRENCY_MISMATCH',
    );
    expect((await api.request('POST', url, { body: price(2, '0') })).body.details[0].issue).toBe(
      'AMOUNT_NOT_POSITIVE',
    );
    expect(eventTypesOf(api, plan.id)).toContain('BILLING.PLAN.PRICING-CHANGE.ACTIVATED');
  });

  it('answers 404 for an unknown plan', async () => {
    expect((await api.request('GET', `${PLANS}/P-000000000000000000000000`)).status).toBe(404);
    expect((await api.request('POST', `${PLANS}/P-000000000000000000000000/activate`)).status).toBe(404);
  });
});
