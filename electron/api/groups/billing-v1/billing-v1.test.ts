import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceTo,
  expectStatus,
  getSubscription,
  ledgerOf,
  startBillingHarness,
  type BillingHarness,
} from '../subscriptions/subscriptions-test-kit.js';
import { startOfDayIn } from './merchant-time.js';

const PLANS = '/v1/payments/billing-plans';
const AGREEMENTS = '/v1/payments/billing-agreements';

const definition = (
  type: 'TRIAL' | 'REGULAR',
  value: string,
  cycles: string,
  extra: Record<string, unknown> = {},
) => ({
  name: `${type} payments`,
  type,
  frequency: 'MONTH',
  frequency_interval: '1',
  amount: { value, currency: 'USD' },
  cycles,
  ...extra,
});

const planBody = (extra: Record<string, unknown> = {}) => ({
  name: 'T-Shirt of the Month Club Plan',
  description: 'Template creation.',
  type: 'FIXED',
  payment_definitions: [
    definition('REGULAR', '100', '3', {
      charge_models: [
        { type: 'SHIPPING', amount: { value: '10', currency: 'USD' } },
        { type: 'TAX', amount: { value: '12', currency: 'USD' } },
      ],
    }),
  ],
  merchant_preferences: {
    return_url: 'https://example.com/return',
    cancel_url: 'https://example.com/cancel',
    auto_bill_amount: 'YES',
  },
  ...extra,
});

describe('billing plans and agreements v1 (deprecated)', () => {
  let api: BillingHarness;
  beforeAll(async () => {
    api = await startBillingHarness();
  });
  afterAll(() => api.close());

  const activePlan = async (extra: Record<string, unknown> = {}) => {
    const plan = await expectStatus(await api.request('POST', PLANS, { body: planBody(extra) }), 201);
    const patched = await api.request('PATCH', `${PLANS}/${plan.id}`, {
      body: [{ op: 'replace', path: '/', value: { state: 'ACTIVE' } }],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.text).toBe('');
    return plan.id as string;
  };

  it('creates a plan CREATED, answering minimal preferences with the defaults of spec 2.8', async () => {
    const plan = await expectStatus(
      await api.request('POST', PLANS, {
        body: planBody({
          merchant_preferences: { return_url: 'https://example.com/r', cancel_url: 'https://example.com/c' },
        }),
      }),
      201,
    );
    expect(plan).toMatchObject({ state: 'CREATED', type: 'FIXED' });
    expect(plan.id).toMatch(/^P-[A-Z0-9]{24}$/);
    expect(plan.merchant_preferences).toMatchObject({
      setup_fee: { value: '0', currency: 'USD' },
      max_fail_attempts: '0',
      auto_bill_amount: 'NO',
      initial_fail_amount_action: 'CONTINUE',
    });
    expect(plan.payment_definitions[0]).toMatchObject({
      id: expect.stringMatching(/^PD-/),
      amount: { value: '100.00' },
    });
    expect(plan.links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
  });

  it.each([
    [
      'two REGULAR definitions',
      { payment_definitions: [definition('REGULAR', '1', '1'), definition('REGULAR', '2', '1')] },
      422,
      'MULTIPLE_REGULAR_PAYMENT_DEFINITIONS',
    ],
    [
      'two TRIAL definitions',
      { payment_definitions: [definition('TRIAL', '1', '1'), definition('TRIAL', '2', '1')] },
      422,
      'MULTIPLE_TRIAL_PAYMENT_DEFINITIONS',
    ],
    [
      'no REGULAR definition',
      { payment_definitions: [definition('TRIAL', '1', '1')] },
      422,
      'MISSING_REGULAR_PAYMENT_DEFINITION',
    ],
    [
      'FIXED with 0 cycles',
      { payment_definitions: [definition('REGULAR', '1', '0')] },
      422,
      'INVALID_CYCLES_FOR_PLAN_TYPE',
    ],
    [
      'INFINITE with 12 cycles',
      { type: 'INFINITE', payment_definitions: [definition('REGULAR', '1', '12')] },
      422,
      'INVALID_CYCLES_FOR_PLAN_TYPE',
    ],
    ['a multi-byte description', { description: 'Plan für alle' }, 400, 'INVALID_PARAMETER_SYNTAX'],
    ['a 21-character type', { type: 'X'.repeat(21) }, 400, 'INVALID_PARAMETER_VALUE'],
    [
      'two currencies',
      {
        payment_definitions: [
          definition('TRIAL', '1', '1', { amount: { value: '1', currency: 'EUR' } }),
          definition('REGULAR', '2', '1'),
        ],
      },
      422,
      'CURRENCY_MISMATCH',
    ],
  ])('refuses %s', async (_name, change, status, issue) => {
    const reply = await api.request('POST', PLANS, { body: planBody(change) });
    expect(reply.status, reply.text).toBe(status);
    if (status === 422) expect(reply.body.details[0].issue).toBe(issue);
  });

  it('lists plans with a zero-indexed page, CREATED by default', async () => {
    const fresh = await startBillingHarness();
    try {
      for (let i = 0; i < 3; i++)
        await expectStatus(
          await fresh.request('POST', PLANS, { body: planBody({ name: `Plan ${i}` }) }),
          201,
        );
      const first = await expectStatus(
        await fresh.request('GET', `${PLANS}?page_size=2&total_required=yes`),
        200,
      );
      expect(first.plans).toHaveLength(2);
      expect(first.total_items).toBe('3');
      const second = await expectStatus(await fresh.request('GET', `${PLANS}?page_size=2&page=1`), 200);
      expect(second.plans).toHaveLength(1);
      expect(
        (await expectStatus(await fresh.request('GET', `${PLANS}?status=ACTIVE`), 200)).plans,
      ).toHaveLength(0);
      expect((await fresh.request('GET', `${PLANS}?page=-1`)).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('activates with PATCH replace / {state: ACTIVE} (200, no body) and refuses other patches', async () => {
    const id = await activePlan();
    expect((await expectStatus(await api.request('GET', `${PLANS}/${id}`), 200)).state).toBe('ACTIVE');
    const again = await api.request('PATCH', `${PLANS}/${id}`, {
      body: [{ op: 'replace', path: '/', value: { state: 'ACTIVE' } }],
    });
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('LEGACY_PLAN_STATE_INVALID');
    const path = await api.request('PATCH', `${PLANS}/${id}`, {
      body: [{ op: 'replace', path: '/name', value: 'x' }],
    });
    expect(path.body.details[0].issue).toBe('INVALID_PATCH_PATH');
    const state = await api.request('PATCH', `${PLANS}/${id}`, {
      body: [{ op: 'replace', path: '/', value: { state: 'DONE' } }],
    });
    expect(state.status).toBe(400);
  });

  it('refuses agreements on CREATED plans, with a payee, or starting within 24 hours', async () => {
    const created = await expectStatus(await api.request('POST', PLANS, { body: planBody() }), 201);
    const base = {
      name: 'Agreement',
      description: 'Monthly',
      start_date: '2030-01-01T00:00:00Z',
      payer: { payment_method: 'paypal' },
    };
    const onCreated = await api.request('POST', AGREEMENTS, { body: { ...base, plan: { id: created.id } } });
    expect(onCreated.status).toBe(422);
    expect(onCreated.body.details[0]).toMatchObject({
      issue: 'PLAN_NOT_ACTIVE',
      description: expect.stringContaining('CREATED'),
    });
    const active = await activePlan();
    const payee = await api.request('POST', AGREEMENTS, {
      body: { ...base, plan: { id: active }, payee: { email: 'x@example.com' } },
    });
    expect(payee.body.details[0].issue).toBe('PAYEE_NOT_SUPPORTED');
    const soon = new Date(api.host.deps.clock.now() + 23 * 3600_000).toISOString();
    const early = await api.request('POST', AGREEMENTS, {
      body: { ...base, start_date: soon, plan: { id: active } },
    });
    expect(early.status).toBe(400);
    expect(early.body.details[0].issue).toBe('START_DATE_TOO_EARLY');
    expect(
      (await api.request('POST', AGREEMENTS, { body: { ...base, plan: { id: active }, payer: {} } })).status,
    ).toBe(400);
  });

  it('creates, approves and executes an agreement; the billing engine fills agreement_details', async () => {
    const planId = await activePlan();
    const now = api.host.deps.clock.now();
    const requested = new Date(now + 3 * 86_400_000 + 5 * 3600_000).toISOString().replace('.000Z', 'Z');
    const created = await expectStatus(
      await api.request('POST', AGREEMENTS, {
        body: {
          name: 'Club',
          description: 'Monthly club',
          start_date: requested,
          payer: { payment_method: 'paypal' },
          plan: { id: planId },
        },
      }),
      201,
    );
    expect(created).toMatchObject({ state: 'Pending', plan: { id: planId } });
    expect(created.id).toMatch(/^I-/);
    // Spec 2.9: the start of that day in the merchant's time zone (the seeded merchant is in the US: Pacific), in UTC.
    const expectedStart = new Date(startOfDayIn('America/Los_Angeles', Date.parse(requested)))
      .toISOString()
      .replace('.000Z', 'Z');
    expect(created.start_date).toBe(expectedStart);
    expect(expectedStart.slice(11)).toMatch(/^0[78]:00:00Z$/);
    const rels = created.links.map((l: { rel: string; method: string }) => `${l.rel}:${l.method}`);
    expect(rels).toEqual(['approval_url:REDIRECT', 'execute:POST', 'self:GET']);
    const execute = created.links
      .find((l: { rel: string }) => l.rel === 'execute')
      .href.replace(/^https?:\/\/[^/]+/, '');
    const token = execute.split('/')[4];
    const early = await api.request('POST', execute, { body: {} });
    expect(early.status).toBe(422);
    expect(early.body.details[0].issue).toBe('AGREEMENT_NOT_APPROVED');
    // The buyer approves on the page the approval_url opens, and returns with the agreement's token.
    const approvalUrl = new URL(created.links[0].href);
    const page = await api.request('GET', approvalUrl.pathname + approvalUrl.search, { token: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain('3 x 122.00 USD monthly');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const approved = await api.request('POST', '/webapps/billing/subscriptions', {
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ba_token: created.id,
        csrf_token: csrf,
        buyer_email: 'buyer@example.com',
        action: 'approve',
      }).toString(),
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe(`https://example.com/return?token=${token}`);
    const executed = await expectStatus(await api.request('POST', execute, { body: {} }), 200);
    expect(executed).toMatchObject({
      id: created.id,
      state: 'Active',
      payer: { payer_info: { email: 'buyer@example.com' } },
    });
    expect(executed.agreement_details).toMatchObject({
      cycles_completed: '0',
      cycles_remaining: '3',
      next_billing_date: expectedStart,
      failed_payment_count: '0',
    });
    expect(
      (await api.request('POST', `/v1/payments/billing-agreements/${token}/agreement-execute`, { body: {} }))
        .body.details[0].issue,
    ).toBe('AGREEMENT_ALREADY_EXECUTED');
    // Two cycles later: 100 + 10 shipping + 12 tax each.
    await advanceTo(api, new Date(Date.parse(expectedStart) + 32 * 86_400_000).toISOString());
    const shown = await expectStatus(await api.request('GET', `${AGREEMENTS}/${created.id}`), 200);
    expect(shown.agreement_details).toMatchObject({
      cycles_completed: '2',
      cycles_remaining: '1',
      last_payment_amount: { value: '122.00', currency: 'USD' },
      outstanding_balance: { value: '0.00', currency: 'USD' },
      final_payment_date: expect.any(String),
    });
    expect(ledgerOf(api, created.id).map((e) => e.amount)).toEqual([12200n, 12200n]);
    expect((await getSubscription(api, created.id)).status).toBe('ACTIVE');
  });

  /** An agreement on `planId` starting in 3 days, approved by the seeded buyer; its execute path. */
  const approvedAgreement = async (planId: string, extra: Record<string, unknown> = {}) => {
    const now = api.host.deps.clock.now();
    const created = await expectStatus(
      await api.request('POST', AGREEMENTS, {
        body: {
          name: 'Club',
          description: 'Monthly club',
          start_date: new Date(now + 3 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          payer: { payment_method: 'paypal' },
          plan: { id: planId },
          ...extra,
        },
      }),
      201,
    );
    await expectStatus(
      await api.request('POST', `/v1/test-helpers/billing/subscriptions/${created.id}/approve`, { body: {} }),
      200,
    );
    const execute = created.links
      .find((l: { rel: string }) => l.rel === 'execute')
      .href.replace(/^https?:\/\/[^/]+/, '') as string;
    return { id: created.id as string, start: created.start_date as string, execute };
  };

  it('charges the override setup fee once as the agreement is executed: ledger, transactions and reporting', async () => {
    const planId = await activePlan({
      merchant_preferences: {
        ...planBody().merchant_preferences,
        setup_fee: { value: '25', currency: 'USD' },
      },
    });
    const euros = await api.request('POST', AGREEMENTS, {
      body: {
        name: 'Club',
        description: 'Monthly club',
        start_date: new Date(api.host.deps.clock.now() + 3 * 86_400_000).toISOString(),
        payer: { payment_method: 'paypal' },
        plan: { id: planId },
        override_merchant_preferences: { setup_fee: { value: '5.50', currency: 'EUR' } },
      },
    });
    expect(euros.status, euros.text).toBe(422);
    expect(euros.body.details[0]).toMatchObject({
      issue: 'CURRENCY_MISMATCH',
      field: '/override_merchant_preferences/setup_fee/currency',
    });
    const { id, start, execute } = await approvedAgreement(planId, {
      override_merchant_preferences: { setup_fee: { value: '5.50', currency: 'USD' } },
    });
    expect(ledgerOf(api, id)).toEqual([]);
    await expectStatus(await api.request('POST', execute, { body: {} }), 200);
    expect(ledgerOf(api, id)).toEqual([
      { code: 'T0002', amount: 550n, fee: expect.any(BigInt), status: 'S' },
    ]);
    const shown = await expectStatus(await api.request('GET', `${AGREEMENTS}/${id}`), 200);
    expect(shown.agreement_details).toMatchObject({
      last_payment_amount: { value: '5.50', currency: 'USD' },
      failed_payment_count: '0',
    });

    const now = api.host.deps.clock.now();
    const listed = await expectStatus(
      await api.request(
        'GET',
        `/v1/billing/subscriptions/${id}/transactions?start_time=${new Date(now - 3600_000).toISOString()}&end_time=${new Date(now + 60_000).toISOString()}`,
      ),
      200,
    );
    expect(listed.transactions).toHaveLength(1);
    expect(listed.transactions[0]).toMatchObject({
      status: 'COMPLETED',
      amount_with_breakdown: { gross_amount: { value: '5.50', currency_code: 'USD' } },
    });
    const saleId = listed.transactions[0].id as string;
    await advanceTo(api, new Date(now + 4 * 3600_000).toISOString());
    const found = await expectStatus(
      await api.request(
        'GET',
        `/v1/reporting/transactions?start_date=${new Date(now - 3600_000).toISOString()}&end_date=${new Date(now + 3600_000).toISOString()}&transaction_id=${saleId}`,
      ),
      200,
    );
    expect(found.transaction_details[0].transaction_info).toMatchObject({
      transaction_id: saleId,
      transaction_event_code: 'T0002',
      transaction_amount: { value: '5.50', currency_code: 'USD' },
      svc_reference_id: id,
    });

    // Billing starts at the start date with the first cycle; the fee is not charged again (nor the plan's).
    await advanceTo(api, new Date(Date.parse(start) + 3600_000).toISOString());
    expect(ledgerOf(api, id).map((e) => e.amount)).toEqual([550n, 12200n]);
  });

  it("without an override, the plan's setup fee is charged as the agreement is executed", async () => {
    const planId = await activePlan({
      merchant_preferences: {
        ...planBody().merchant_preferences,
        setup_fee: { value: '25', currency: 'USD' },
      },
    });
    const { id, start, execute } = await approvedAgreement(planId);
    await expectStatus(await api.request('POST', execute, { body: {} }), 200);
    expect(ledgerOf(api, id).map((e) => e.amount)).toEqual([2500n]);
    await advanceTo(api, new Date(Date.parse(start) + 3600_000).toISOString());
    expect(ledgerOf(api, id).map((e) => e.amount)).toEqual([2500n, 12200n]);
  });

  it('marks its endpoints deprecated in /openapi.json, naming their replacements', async () => {
    const doc = await expectStatus(await api.request('GET', '/openapi.json'), 200);
    const text = JSON.stringify(doc.paths['/v1/payments/billing-plans']);
    expect(text).toContain('"deprecated":true');
    expect(text).toContain('/v1/billing/plans');
  });
});
