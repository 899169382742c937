import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test-support/expect-error.js';
import {
  BAD,
  malformedPatchCases,
  type PatchRefusalCase,
  REFUSED,
} from '../../../test-support/malformed-patches.js';
import { CSRF_FIELD } from '../../pipeline/buyer-page.js';
import { approvalCsrfToken } from './approval-page.js';
import {
  activeSubscription,
  advance,
  approve,
  createPlan,
  createSubscription,
  cycle,
  DAY_SECONDS,
  eventTypesOf,
  expectStatus,
  getSubscription,
  historyOf,
  SUBSCRIPTIONS,
  startBillingHarness,
  type BillingHarness,
} from './subscriptions-test-kit.js';

const submitApproval = (api: BillingHarness, fields: Record<string, string>) =>
  api.request('POST', '/webapps/billing/subscriptions', {
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      [CSRF_FIELD]: approvalCsrfToken(fields.ba_token ?? ''),
      ...fields,
    }).toString(),
  });

describe('subscriptions', () => {
  let api: BillingHarness;
  let planId: string;
  beforeAll(async () => {
    api = await startBillingHarness();
    planId = (
      await createPlan(api, {
        billing_cycles: [cycle(1, { tenure: 'TRIAL', total: 1 }), cycle(2, { price: '10.00', total: 12 })],
      })
    ).id;
  });
  afterAll(() => api.close());
  /** Whole days after the simulated now (the tests share one clock that earlier tests moved). */
  let anchor = 0;
  const inFuture = (days: number) => new Date(anchor + days * 86_400_000).toISOString().replace('.000Z', 'Z');
  const pinNow = () => void (anchor = Math.floor(api.host.deps.clock.now() / 1000) * 1000);

  it('creates APPROVAL_PENDING with an approve link to the buyer page (minimal by default)', async () => {
    const minimal = await expectStatus(
      await api.request('POST', SUBSCRIPTIONS, { body: { plan_id: planId } }),
      201,
    );
    expect(minimal.id).toMatch(/^I-[A-Z0-9]{12}$/);
    expect(minimal.status).toBe('APPROVAL_PENDING');
    const approveLink = minimal.links.find((l: { rel: string }) => l.rel === 'approve');
    expect(approveLink.href).toContain(`/webapps/billing/subscriptions?ba_token=${minimal.id}`);
    const page = await api.request(
      'GET',
      new URL(approveLink.href).pathname + new URL(approveLink.href).search,
      { token: null },
    );
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    // The plan's schedule in words, before the buyer agrees; no script at all.
    expect(page.text).toContain('1 month free, then 12 x 10.00 USD monthly');
    expect(page.text).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('goes ACTIVE when the buyer approves on the page (303 to return_url), billing its first cycle', async () => {
    const sub = await createSubscription(api, planId);
    const reply = await submitApproval(api, {
      ba_token: sub.id,
      buyer_email: 'buyer@example.com',
      action: 'approve',
      funding: 'WALLET',
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe(
      `https://example.com/return?subscription_id=${sub.id}&ba_token=${sub.id}`,
    );
    const shown = await getSubscription(api, sub.id);
    expect(shown.status).toBe('ACTIVE');
    expect(shown.subscriber).toMatchObject({
      email_address: 'buyer@example.com',
      payer_id: expect.any(String),
    });
    expect(shown.billing_info.cycle_executions[0]).toMatchObject({
      tenure_type: 'TRIAL',
      cycles_completed: 1,
      cycles_remaining: 0,
    });
    expect(shown.billing_info.next_billing_time).toBe('2026-06-15T12:00:00Z');
    expect(shown.links.map((l: { rel: string }) => l.rel)).not.toContain('approve');
    expect(historyOf(api, 'subscription', sub.id)).toEqual([
      'create:APPROVAL_PENDING',
      'approve:APPROVED',
      'start:ACTIVE',
      'bill:ACTIVE',
    ]);
    expect(eventTypesOf(api, sub.id)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
    ]);
    // A second approval is refused: the page says so, the helper answers 422 naming the state.
    const again = await api.request('POST', `/v1/test-helpers/billing/subscriptions/${sub.id}/approve`, {
      body: {},
    });
    expect(again.status).toBe(422);
    expect(again.body.details[0]).toMatchObject({
      issue: 'SUBSCRIPTION_STATUS_INVALID',
      description: expect.stringContaining('it is ACTIVE'),
    });
  });

  it('refuses a page form without its CSRF token, and cancels back to cancel_url', async () => {
    const sub = await createSubscription(api, planId);
    const forged = await api.request('POST', '/webapps/billing/subscriptions', {
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ba_token: sub.id, action: 'approve' }).toString(),
    });
    expect(forged.status).toBe(403);
    const cancel = await submitApproval(api, { ba_token: sub.id, action: 'cancel' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toContain('https://example.com/cancel');
    expect((await getSubscription(api, sub.id)).status).toBe('APPROVAL_PENDING');
    expect(
      (await api.request('GET', '/webapps/billing/subscriptions?ba_token=I-NOSUCH000000', { token: null }))
        .status,
    ).toBe(404);
  });

  it('waits APPROVED until a future start_time, then starts on the clock', async () => {
    pinNow();
    const sub = await createSubscription(api, planId, { start_time: inFuture(10) });
    await approve(api, sub.id);
    expect((await getSubscription(api, sub.id)).status).toBe('APPROVED');
    await advance(api, 10 * DAY_SECONDS);
    const shown = await getSubscription(api, sub.id);
    expect(shown.status).toBe('ACTIVE');
    expect(shown.status_update_time).toBe(inFuture(10));
  });

  it.each([
    ['an unknown plan', { plan_id: 'P-000000000000000000000000' }, 404, 'INVALID_RESOURCE_ID'],
    ['a start in the past', { start_time: '2026-05-01T00:00:00Z' }, 422, 'INVALID_START_TIME'],
    ['a malformed start', { start_time: 'tomorrow' }, 400, 'INVALID_PARAMETER_SYNTAX'],
    ['quantity on a plan without quantity', { quantity: '2' }, 422, 'SUBSCRIPTION_CANNOT_HAVE_QUANTITY'],
    ['a zero quantity', { quantity: '0' }, 400, 'INVALID_PARAMETER_SYNTAX'],
    ['a quantity of 10000', { quantity: '10000' }, 400, 'INVALID_PARAMETER_SYNTAX'],
    [
      'a shipping amount past the maximum',
      { shipping_amount: { currency_code: 'USD', value: '1000000000.00' } },
      400,
      'INVALID_PARAMETER_VALUE',
    ],
    [
      'shipping in another currency',
      { shipping_amount: { currency_code: 'EUR', value: '1.00' } },
      422,
      'CURRENCY_MISMATCH',
    ],
    [
      'a javascript: return url',
      { application_context: { return_url: 'javascript:alert(1)' } },
      400,
      'INVALID_PARAMETER_VALUE',
    ],
  ])('refuses %s', async (_name, change, status, issue) => {
    const reply = await api.request('POST', SUBSCRIPTIONS, { body: { plan_id: planId, ...change } });
    expect(reply.status, reply.text).toBe(status);
    if (issue !== 'INVALID_PARAMETER_SYNTAX' && issue !== 'INVALID_PARAMETER_VALUE')
      expect(reply.body.details[0].issue).toBe(issue);
  });

  it('refuses subscriptions on CREATED and INACTIVE plans', async () => {
    const created = await createPlan(api, { status: 'CREATED' });
    const onCreated = await api.request('POST', SUBSCRIPTIONS, { body: { plan_id: created.id } });
    expect(onCreated.status).toBe(422);
    expect(onCreated.body.details[0]).toMatchObject({
      issue: 'PLAN_STATUS_INACTIVE',
      description: expect.stringContaining('CREATED'),
    });
    await api.request('POST', `/v1/billing/plans/${created.id}/activate`);
    await api.request('POST', `/v1/billing/plans/${created.id}/deactivate`);
    const onInactive = await api.request('POST', SUBSCRIPTIONS, { body: { plan_id: created.id } });
    expect(onInactive.body.details[0].description).toContain('INACTIVE');
  });

  it('keeps Svc-Request-Id: a repeat answers 200 with the same subscription', async () => {
    const headers = { 'svc-request-id': 'sub-key-1' };
    const first = await expectStatus(
      await api.request('POST', SUBSCRIPTIONS, { body: { plan_id: planId }, headers }),
      201,
    );
    const again = await expectStatus(
      await api.request('POST', SUBSCRIPTIONS, { body: { plan_id: planId }, headers }),
      200,
    );
    expect(again.id).toBe(first.id);
  });

  it('shows last_failed_payment and the plan only when fields asks', async () => {
    const { id } = await activeSubscription(api, {}, {}, {});
    await api.request('POST', `/v1/test-helpers/billing/subscriptions/${id}/fail-next-payment`, {
      body: { reason_code: 'PAYMENT_DENIED' },
    });
    await advance(api, 31 * DAY_SECONDS);
    const plain = await expectStatus(await api.request('GET', `${SUBSCRIPTIONS}/${id}`), 200);
    expect(plain.billing_info.last_failed_payment).toBeUndefined();
    expect(plain.plan).toBeUndefined();
    const both = await getSubscription(api, id, 'last_failed_payment,plan');
    expect(both.billing_info.last_failed_payment).toMatchObject({
      reason_code: 'PAYMENT_DENIED',
      amount: { value: '10.00' },
    });
    expect(both.plan).toMatchObject({ id: both.plan_id, status: 'ACTIVE' });
    expect((await api.request('GET', `${SUBSCRIPTIONS}/${id}?fields=everything`)).status).toBe(400);
  });

  it('refuses each move the machine does not allow, naming the state (422)', async () => {
    const pending = await createSubscription(api, planId);
    const url = `${SUBSCRIPTIONS}/${pending.id}`;
    const refusal = async (path: string, body: unknown, issue: string, state: string) => {
      const reply = await api.request('POST', `${url}/${path}`, { body });
      expect(reply.status, `${path}: ${reply.text}`).toBe(422);
      expect(reply.body.details[0].issue).toBe(issue);
      expect(reply.body.details[0].description).toContain(`it is ${state}`);
    };
    await refusal('suspend', { reason: 'r' }, 'SUBSCRIPTION_STATUS_INVALID', 'APPROVAL_PENDING');
    await refusal('activate', { reason: 'r' }, 'SUBSCRIPTION_CANNOT_BE_ACTIVATED', 'APPROVAL_PENDING');
    await refusal('cancel', { reason: 'r' }, 'SUBSCRIPTION_STATUS_INVALID', 'APPROVAL_PENDING');
    await refusal('revise', { quantity: '1' }, 'SUBSCRIPTION_STATUS_INVALID', 'APPROVAL_PENDING');
    await refusal(
      'capture',
      { note: 'n', capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: 'USD', value: '1.00' } },
      'SUBSCRIPTION_STATUS_INVALID',
      'APPROVAL_PENDING',
    );
    await approve(api, pending.id);
    await refusal('activate', {}, 'SUBSCRIPTION_CANNOT_BE_ACTIVATED', 'ACTIVE');
    expect((await api.request('POST', `${url}/suspend`, { body: { reason: 'Out of stock' } })).status).toBe(
      204,
    );
    await refusal('suspend', { reason: 'r' }, 'SUBSCRIPTION_STATUS_INVALID', 'SUSPENDED');
    expect((await api.request('POST', `${url}/activate`, { body: { reason: 'Back' } })).status).toBe(204);
    expect((await api.request('POST', `${url}/cancel`, { body: { reason: 'Not needed' } })).status).toBe(204);
    await refusal('cancel', { reason: 'r' }, 'SUBSCRIPTION_STATUS_INVALID', 'CANCELLED');
    await refusal('activate', { reason: 'r' }, 'SUBSCRIPTION_CANNOT_BE_ACTIVATED', 'CANCELLED');
    const patch = await api.request('PATCH', url, {
      body: [{ op: 'replace', path: '/custom_id', value: 'x' }],
    });
    expect(patch.status).toBe(422);
    expect((await api.request('POST', `${url}/suspend`, { body: {} })).status).toBe(400);
    const shown = await getSubscription(api, pending.id);
    expect(shown).toMatchObject({ status: 'CANCELLED', status_change_note: 'Not needed' });
    expect(shown.billing_info.next_billing_time).toBeUndefined();
    expect(eventTypesOf(api, pending.id)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.RE-ACTIVATED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
    // Cancelled: no more cycles, however far the clock moves.
    const sales = api.host.deps.store.resources.byRoot('subscription-sale', pending.id).length;
    await advance(api, 90 * DAY_SECONDS);
    expect(api.host.deps.store.resources.byRoot('subscription-sale', pending.id).length).toBe(sales);
  });

  it('patches custom_id, shipping, the outstanding balance and start_time (before it starts), 204', async () => {
    pinNow();
    const sub = await createSubscription(api, planId, { start_time: inFuture(3) });
    const url = `${SUBSCRIPTIONS}/${sub.id}`;
    const ok = await api.request('PATCH', url, {
      body: [
        { op: 'add', path: '/custom_id', value: 'customer-42' },
        { op: 'replace', path: '/start_time', value: inFuture(5) },
        {
          op: 'add',
          path: '/subscriber/shipping_address',
          value: { name: { full_name: 'Bailey Buyer' }, address: { country_code: 'US' } },
        },
      ],
    });
    expect(ok.status, ok.text).toBe(204);
    let shown = await getSubscription(api, sub.id);
    expect(shown).toMatchObject({ custom_id: 'customer-42', start_time: inFuture(5) });
    expect(shown.subscriber.shipping_address.name.full_name).toBe('Bailey Buyer');
    expect(
      (await api.request('PATCH', url, { body: [{ op: 'replace', path: '/plan_id', value: 'P-X' }] })).body
        .details[0].issue,
    ).toBe('INVALID_PATCH_PATH');
    expect(
      (
        await api.request('PATCH', url, {
          body: [{ op: 'replace', path: '/start_time', value: '2020-01-01T00:00:00Z' }],
        })
      ).body.details[0].issue,
    ).toBe('INVALID_START_TIME');
    expect(
      (await api.request('PATCH', url, { body: [{ op: 'replace', path: '/start_time', value: 'soon' }] }))
        .status,
    ).toBe(400);
    await approve(api, sub.id);
    await advance(api, 5 * DAY_SECONDS);
    const late = await api.request('PATCH', url, {
      body: [{ op: 'replace', path: '/start_time', value: inFuture(40) }],
    });
    expect(late.status).toBe(422);
    const balance = await api.request('PATCH', url, {
      body: [
        {
          op: 'replace',
          path: '/billing_info/outstanding_balance',
          value: { currency_code: 'USD', value: '3.50' },
        },
      ],
    });
    expect(balance.status, balance.text).toBe(204);
    shown = await getSubscription(api, sub.id);
    expect(shown.billing_info.outstanding_balance.value).toBe('3.50');
    const euros = await api.request('PATCH', url, {
      body: [
        {
          op: 'replace',
          path: '/billing_info/outstanding_balance',
          value: { currency_code: 'EUR', value: '1.00' },
        },
      ],
    });
    expect(euros.body.details[0].issue).toBe('CURRENCY_MISMATCH');
    expect(eventTypesOf(api, sub.id)).toContain('BILLING.SUBSCRIPTION.UPDATED');
  });

  it.each<PatchRefusalCase>([
    // Malformed operations are 400, checked before which paths and ops a subscription allows.
    ...malformedPatchCases('/custom_id'),
    [
      'add without value',
      [{ op: 'add', path: '/subscriber/shipping_address' }],
      BAD,
      'MISSING_REQUIRED_PARAMETER',
      '/0/value',
    ],
    // Well-formed operations a subscription refuses, or that cannot be applied, are 422.
    [
      'a test (not a subscription patch op)',
      [{ op: 'test', path: '/custom_id', value: 'nope' }],
      REFUSED,
      'UNSUPPORTED_PATCH_OPERATION',
      '/0/op',
    ],
    [
      'remove of a custom_id the subscription does not have',
      [
        { op: 'add', path: '/shipping_amount', value: { currency_code: 'USD', value: '1.00' } },
        { op: 'remove', path: '/custom_id' },
      ],
      REFUSED,
      'PATCH_FAILED',
      '/1/path',
    ],
  ])('refuses a PATCH with %s, storing nothing', async (_case, patch, name, issue, field) => {
    const sub = await createSubscription(api, planId);
    const before = await getSubscription(api, sub.id);
    const reply = await api.request('PATCH', `${SUBSCRIPTIONS}/${sub.id}`, { body: patch });
    expect(expectError(reply, name, { issue, field, location: 'body' }).details).toHaveLength(1);
    expect(await getSubscription(api, sub.id)).toEqual(before);
    expect(eventTypesOf(api, sub.id)).toEqual(['BILLING.SUBSCRIPTION.CREATED']);
  });

  it('captures an outstanding balance (202), and refuses more than it or none', async () => {
    const { id } = await activeSubscription(api);
    const url = `${SUBSCRIPTIONS}/${id}/capture`;
    const capture = (value: string) => ({
      note: 'Balance',
      capture_type: 'OUTSTANDING_BALANCE',
      amount: { currency_code: 'USD', value },
    });
    expect((await api.request('POST', url, { body: capture('1.00') })).body.details[0].issue).toBe(
      'ZERO_OUTSTANDING_BALANCE',
    );
    await api.request('PATCH', `${SUBSCRIPTIONS}/${id}`, {
      body: [
        {
          op: 'replace',
          path: '/billing_info/outstanding_balance',
          value: { currency_code: 'USD', value: '25.00' },
        },
      ],
    });
    expect((await api.request('POST', url, { body: capture('25.01') })).body.details[0].issue).toBe(
      'AMOUNT_GREATER_THAN_OUTSTANDING_BALANCE',
    );
    expect(
      (await api.request('POST', url, { body: { ...capture('1.00'), capture_type: 'OTHER' } })).status,
    ).toBe(400);
    const taken = await expectStatus(await api.request('POST', url, { body: capture('20.00') }), 202);
    expect(taken).toMatchObject({
      status: 'COMPLETED',
      amount_with_breakdown: { gross_amount: { value: '20.00' } },
    });
    expect((await getSubscription(api, id)).billing_info.outstanding_balance.value).toBe('5.00');
  });

  it('lists transactions between start_time and end_time', async () => {
    const { id } = await activeSubscription(api);
    await advance(api, 62 * DAY_SECONDS);
    const url = `${SUBSCRIPTIONS}/${id}/transactions`;
    const now = Date.parse((await expectStatus(await api.request('GET', '/v1/test-helpers/clock'), 200)).now);
    const all = await expectStatus(
      await api.request(
        'GET',
        `${url}?start_time=2026-01-01T00:00:00Z&end_time=${new Date(now).toISOString()}`,
      ),
      200,
    );
    expect(all.transactions.length).toBeGreaterThanOrEqual(2);
    expect(all.transactions[0]).toMatchObject({
      status: 'COMPLETED',
      payer_email: 'buyer@example.com',
      amount_with_breakdown: {
        gross_amount: { value: '10.00' },
        fee_amount: { value: '0.84' },
        net_amount: { value: '9.16' },
      },
    });
    expect((await api.request('GET', `${url}?start_time=2026-01-01T00:00:00Z`)).status).toBe(400);
    expect(
      (await api.request('GET', `${url}?start_time=2026-02-01T00:00:00Z&end_time=2026-01-01T00:00:00Z`))
        .status,
    ).toBe(400);
  });

  it('lists subscriptions of a plan', async () => {
    const plan = await createPlan(api);
    await createSubscription(api, plan.id);
    await createSubscription(api, plan.id);
    const list = await expectStatus(
      await api.request('GET', `${SUBSCRIPTIONS}?plan_ids=${plan.id}&total_required=true`),
      200,
    );
    expect(list.total_items).toBe(2);
    expect(list.subscriptions[0].links.map((l: { rel: string }) => l.rel)).toContain('approve');
  });
});
