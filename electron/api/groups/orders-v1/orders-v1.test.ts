import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountIdFor } from '../../../../shared/ids.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { rels } from '../../../test-support/test-kit.js';
import { expectError } from '../../../test-support/expect-error.js';
import { ORDER_IN_PROGRESS_MESSAGE } from './service.js';
import {
  APPROVAL_PAGE,
  ORDERS_V1,
  approveV1,
  createV1,
  pay,
  submitApproval,
  v1Order,
} from './orders-v1-test-kit.js';

const MERCHANT_ID = accountIdFor('merchant@example.com');
const CHARITY_ID = accountIdFor('charity@example.com');
const BUYER_ID = accountIdFor('buyer@example.com');

let api: ApiHarness;
beforeEach(async () => {
  // Tokens outlive the clock moves of the retention and auto-disbursement tests.
  api = await startHarness({ config: { tokenLifetimeSeconds: 4 * 365 * 24 * 3600 } });
});
afterEach(async () => api.close());

const entries = (txn: string) => api.host.services.ledger.repo.byTransaction(txn);

function unitWith(unit: Record<string, unknown>) {
  const [base] = v1Order().purchase_units;
  return v1Order({ purchase_units: [{ ...base, ...unit }] });
}

describe('create', () => {
  it('answers 200 with a CREATED order: id, gross total, NOT_PROCESSED units and self, approval_url, cancel', async () => {
    const order = await createV1(api, v1Order(), { 'svc-partner-attribution-id': 'Example_Marketplace' });
    expect(order.id).toMatch(/^O-[A-Z0-9]{17}$/);
    expect(order.status).toBe('CREATED');
    expect(order.intent).toBe('SALE');
    expect(order.gross_total_amount).toEqual({ currency: 'USD', value: '12.00' });
    expect(order.purchase_units[0].status).toBe('NOT_PROCESSED');
    expect(order.create_time).toMatch(/Z$/);
    expect(order.links).toEqual([
      { href: expect.stringContaining(`/v1/checkout/orders/${order.id}`), rel: 'self', method: 'GET' },
      {
        href: expect.stringContaining(`${APPROVAL_PAGE}?token=${order.id}`),
        rel: 'approval_url',
        method: 'GET',
      },
      { href: expect.stringContaining(`/v1/checkout/orders/${order.id}`), rel: 'cancel', method: 'DELETE' },
    ]);
    const shown = await api.request('GET', `${ORDERS_V1}/${order.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(order);
    const stored = api.host.deps.store.resources.get<unknown, { partner_attribution_id?: string }>(
      'order-v1',
      order.id,
    );
    expect(stored?.internal.partner_attribution_id).toBe('Example_Marketplace');
  });

  it('defaults the intent to SALE, the payee to the caller and reference_id to default', async () => {
    const order = await createV1(api, {
      purchase_units: [{ amount: { currency: 'USD', total: '5.00' } }],
      redirect_urls: { return_url: 'https://example.com/r', cancel_url: 'https://example.com/c' },
    });
    expect(order.intent).toBe('SALE');
    expect(order.purchase_units[0]).toMatchObject({
      reference_id: 'default',
      payee: { email: 'merchant@example.com' },
    });
  });

  it('accepts a gross_total_amount that equals the sum of the units', async () => {
    const body = v1Order({ gross_total_amount: { currency: 'USD', value: '12.00' } });
    expect((await createV1(api, body)).gross_total_amount.value).toBe('12.00');
  });

  it('requires redirect_urls for the wallet, not for a card order', async () => {
    const { redirect_urls: _omitted, ...withoutUrls } = v1Order();
    expectError(await api.request('POST', ORDERS_V1, { body: withoutUrls }), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: '/redirect_urls',
    });
    const card = await createV1(api, { ...withoutUrls, payment_details: { payment_method: 'CREDIT_CARD' } });
    expect(rels(card.links)).toEqual(['self', 'pay', 'cancel']);
  });

  it.each([
    ['an intent other than SALE or AUTHORIZE', { intent: 'CAPTURE' }, 'INVALID_PARAMETER_VALUE', '/intent'],
    ['no purchase units', { purchase_units: [] }, 'INVALID_ARRAY_MIN_ITEMS', '/purchase_units'],
    [
      'a bad return_url',
      { redirect_urls: { return_url: 'nope', cancel_url: 'https://e.com' } },
      'INVALID_PARAMETER_VALUE',
      '/redirect_urls/return_url',
    ],
    [
      'a bad Money v1 gross total',
      { gross_total_amount: { currency: 'usd', value: '1' } },
      'INVALID_PARAMETER_SYNTAX',
      '/gross_total_amount/currency',
    ],
  ])('refuses %s with 400', async (_name, overrides, issue, field) => {
    const reply = await api.request('POST', ORDERS_V1, { body: v1Order(overrides) });
    expectError(reply, 'INVALID_REQUEST', { issue: issue as 'INVALID_PARAMETER_VALUE', field });
  });

  it.each([
    [
      'details that do not add up',
      unitWith({
        amount: { currency: 'USD', total: '13.00', details: { subtotal: '10.00', shipping: '2.00' } },
      }),
      'AMOUNT_MISMATCH',
      '/purchase_units/0/amount/total',
    ],
    [
      'items that do not add up to the subtotal',
      unitWith({
        amount: { currency: 'USD', total: '12.00', details: { subtotal: '12.00' } },
      }),
      'ITEM_TOTAL_MISMATCH',
      '/purchase_units/0/amount/details/subtotal',
    ],
    [
      'items without a subtotal',
      unitWith({ amount: { currency: 'USD', total: '10.00' } }),
      'ITEM_TOTAL_REQUIRED',
      '/purchase_units/0/amount/details/subtotal',
    ],
    [
      'an item in another currency',
      unitWith({ items: [{ name: 'x', price: '5.00', currency: 'EUR', quantity: '2' }] }),
      'CURRENCY_MISMATCH',
      '/purchase_units/0/items/0/currency',
    ],
    [
      'too many decimals',
      unitWith({
        amount: { currency: 'JPY', total: '12.5' },
        items: undefined,
        partner_fee_details: undefined,
      }),
      'DECIMAL_PRECISION',
      '/purchase_units/0/amount/total',
    ],
    [
      'a zero total',
      unitWith({
        amount: { currency: 'USD', total: '0.00' },
        items: undefined,
        partner_fee_details: undefined,
      }),
      'AMOUNT_NOT_POSITIVE',
      '/purchase_units/0/amount/total',
    ],
    [
      'a partner fee as large as the total',
      unitWith({
        partner_fee_details: {
          receiver: { email: 'charity@example.com' },
          amount: { value: '12.00', currency: 'USD' },
        },
      }),
      'PARTNER_FEE_TOO_HIGH',
      '/purchase_units/0/partner_fee_details/amount/value',
    ],
    [
      'a gross_total_amount that is not the sum',
      v1Order({ gross_total_amount: { currency: 'USD', value: '11.00' } }),
      'GROSS_TOTAL_AMOUNT_MISMATCH',
      '/gross_total_amount/value',
    ],
    [
      'an unknown payee',
      unitWith({ payee: { email: 'nobody@example.com' } }),
      'ACCOUNT_CANNOT_BE_FETCHED',
      '/purchase_units/0/payee/email',
    ],
    [
      'a personal account as partner',
      unitWith({
        partner_fee_details: {
          receiver: { email: 'buyer@example.com' },
          amount: { value: '1.00', currency: 'USD' },
        },
      }),
      'ACCOUNT_CANNOT_BE_FETCHED',
      '/purchase_units/0/partner_fee_details/receiver/email',
    ],
  ])('refuses %s with 422', async (_name, body, issue, field) => {
    const reply = await api.request('POST', ORDERS_V1, { body });
    expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: issue as 'AMOUNT_MISMATCH', field });
    expect(api.host.deps.store.resources.count('order-v1')).toBe(0);
  });

  it('needs distinct reference ids on several units, all in one currency', async () => {
    const [unit] = v1Order().purchase_units;
    const twoUnits = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      v1Order({
        purchase_units: [
          { ...unit, ...a },
          { ...unit, ...b },
        ],
      });
    expectError(
      await api.request('POST', ORDERS_V1, { body: twoUnits({}, { reference_id: undefined }) }),
      'UNPROCESSABLE_ENTITY',
      'REFERENCE_ID_REQUIRED',
    );
    expectError(
      await api.request('POST', ORDERS_V1, { body: twoUnits({}, {}) }),
      'UNPROCESSABLE_ENTITY',
      'DUPLICATE_REFERENCE_ID',
    );
    const other = await api.request('POST', ORDERS_V1, {
      body: twoUnits(
        {},
        {
          reference_id: 'u2',
          amount: { currency: 'EUR', total: '1.00' },
          items: undefined,
          partner_fee_details: undefined,
        },
      ),
    });
    expectError(other, 'UNPROCESSABLE_ENTITY', {
      issue: 'CURRENCY_MISMATCH',
      field: '/purchase_units/1/amount/currency',
    });
    const ok = await createV1(
      api,
      twoUnits({ payment_linked_group: 1 }, { reference_id: 'u2', payment_linked_group: 1 }),
    );
    expect(ok.gross_total_amount.value).toBe('24.00');
  });

  it('answers a forced ACCOUNT_CANNOT_BE_FETCHED (Svc-Mock-Response) without creating anything', async () => {
    const reply = await api.request('POST', ORDERS_V1, {
      body: v1Order(),
      headers: {
        'svc-mock-response': JSON.stringify({ mock_application_codes: 'ACCOUNT_CANNOT_BE_FETCHED' }),
      },
    });
    expectError(reply, 'UNPROCESSABLE_ENTITY', 'ACCOUNT_CANNOT_BE_FETCHED');
    expect(api.host.deps.store.resources.count('order-v1')).toBe(0);
  });

  it('refuses a malformed Svc-Partner-Attribution-Id', async () => {
    const reply = await api.request('POST', ORDERS_V1, {
      body: v1Order(),
      headers: { 'svc-partner-attribution-id': 'bad code!' },
    });
    expectError(reply, 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'Svc-Partner-Attribution-Id',
      location: 'header',
    });
  });
});

describe('show and delete', () => {
  it('answers 404 for unknown, other apps and malformed ids', async () => {
    expectError(await api.request('GET', `${ORDERS_V1}/O-AAAAAAAAAAAAAAAAA`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${ORDERS_V1}/not-an-order`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'order_id',
      location: 'path',
    });
  });

  it.each(['CREATED', 'APPROVED'])('deletes an order in %s: 204, then it is gone', async (state) => {
    const order = await createV1(api);
    if (state === 'APPROVED') await approveV1(api, order.id);
    const reply = await api.request('DELETE', `${ORDERS_V1}/${order.id}`);
    expect(reply.status, reply.text).toBe(204);
    expect(reply.text).toBe('');
    expectError(await api.request('GET', `${ORDERS_V1}/${order.id}`), 'RESOURCE_NOT_FOUND');
    expectError(await pay(api, order.id), 'RESOURCE_NOT_FOUND');
    expect((await api.request('GET', `${APPROVAL_PAGE}?token=${order.id}`, { token: null })).status).toBe(
      404,
    );
  });

  it('refuses to delete a paid order: 422 "This order is in progress", the order unchanged', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    expect((await pay(api, order.id)).status).toBe(200);
    const reply = await api.request('DELETE', `${ORDERS_V1}/${order.id}`);
    const body = expectErrorWithMessage(reply);
    expect(body.details?.[0]?.issue).toBe('ORDER_IN_PROGRESS');
    expect((await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.status).toBe('COMPLETED');
  });
});

/** A 422 whose message is the one spec part 7 gives a paid order's cancel. */
function expectErrorWithMessage(reply: Awaited<ReturnType<ApiHarness['request']>>) {
  expect(reply.status, reply.text).toBe(422);
  expect(reply.body.name).toBe('UNPROCESSABLE_ENTITY');
  expect(reply.body.message).toBe(ORDER_IN_PROGRESS_MESSAGE);
  expect(reply.body.message).toBe('This order is in progress');
  return reply.body as { details?: { issue: string }[] };
}

describe('buyer approval page', () => {
  it('shows the order and, on approval, redirects to return_url with token and PayerID', async () => {
    const order = await createV1(api);
    const page = await api.request('GET', `${APPROVAL_PAGE}?token=${order.id}`, { token: null });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.text).toContain('NeoPhone');
    expect(page.text).toContain('12.00 USD');
    expect(page.text).not.toContain('<script');
    const reply = await approveV1(api, order.id);
    const location = new URL(String(reply.headers.location));
    expect(location.origin + location.pathname).toBe('https://example.com/return');
    expect(location.searchParams.get('token')).toBe(order.id);
    expect(location.searchParams.get('PayerID')).toBe(BUYER_ID);
    const shown = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body;
    expect(shown.status).toBe('APPROVED');
    expect(rels(shown.links)).toEqual(['self', 'pay', 'cancel']);
  });

  it('escapes what the order carries', async () => {
    const order = await createV1(
      api,
      unitWith({
        description: '<script>alert(1)</script>',
        items: undefined,
        amount: { currency: 'USD', total: '12.00' },
      }),
    );
    const page = await api.request('GET', `${APPROVAL_PAGE}?token=${order.id}`, { token: null });
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>');
    expect(String(page.headers['content-security-policy'])).toContain(
      "form-action 'self' https://example.com",
    );
  });

  it('refuses a form without its CSRF token, and a second approval', async () => {
    const order = await createV1(api);
    const forged = await api.request('POST', APPROVAL_PAGE, {
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: order.id, action: 'approve' }).toString(),
    });
    expect(forged.status).toBe(403);
    expect((await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.status).toBe('CREATED');
    await approveV1(api, order.id);
    const again = await submitApproval(api, { token: order.id, action: 'approve' });
    expect(again.status).toBe(422);
  });

  it('cancel redirects to cancel_url and leaves the order CREATED', async () => {
    const order = await createV1(api);
    const reply = await submitApproval(api, { token: order.id, action: 'cancel' });
    expect(reply.status).toBe(303);
    expect(String(reply.headers.location)).toContain('https://example.com/cancel');
    expect((await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.status).toBe('CREATED');
  });

  it('refuses a business account as buyer', async () => {
    const order = await createV1(api);
    const reply = await submitApproval(api, {
      token: order.id,
      buyer_email: 'merchant@example.com',
      action: 'approve',
    });
    expect(reply.status).toBe(422);
  });
});

describe('pay', () => {
  it('INSTANT: 200 pay response with payer_info; units CAPTURED; payee and partner paid at once', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    const reply = await pay(api, order.id, { disbursement_mode: 'INSTANT' }, { 'svc-request-id': 'pay-1' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      order_id: order.id,
      status: 'APPROVED',
      payer_info: {
        email: 'buyer@example.com',
        first_name: 'Bailey',
        last_name: 'Buyer',
        payer_id: BUYER_ID,
        country_code: 'US',
        shipping_address: expect.objectContaining({ country_code: 'US' }),
      },
      create_time: order.create_time,
      update_time: expect.any(String),
      links: [expect.objectContaining({ rel: 'self', href: expect.stringContaining(order.id) })],
    });
    const shown = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body;
    expect(shown.status).toBe('COMPLETED');
    const unit = shown.purchase_units[0];
    expect(unit.status).toBe('CAPTURED');
    const capture = unit.payment_summary.captures[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency: 'USD', total: '12.00' },
      disbursement_mode: 'INSTANT',
    });
    // The fee schedule of Orders v2: 3.49% of 12.00 (0.42) + 0.49.
    expect(capture.transaction_fee).toEqual({ currency: 'USD', value: '0.91' });

    const ledger = entries(capture.id);
    const payee = ledger.find((e) => e.accountId === MERCHANT_ID);
    const partner = ledger.find((e) => e.accountId === CHARITY_ID);
    expect(payee).toMatchObject({
      eventCode: 'T0006',
      status: 'S',
      amountMinor: 1200n,
      feeMinor: -191n,
      orderId: order.id,
    });
    expect(payee?.details).toMatchObject({
      subject: 'Mobile World order 1234',
      invoice_id: 'INV-1',
      custom_field: 'custom-1',
    });
    expect(partner).toMatchObject({ eventCode: 'T0000', status: 'S', amountMinor: 100n, feeMinor: 0n });
  });

  it('keeps its Svc-Request-Id forever: a repeat years later answers the same pay response, and pays nothing more', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    const first = await pay(api, order.id, { disbursement_mode: 'INSTANT' }, { 'svc-request-id': 'forever' });
    await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 3 * 365 * 24 * 3600 } });
    const again = await pay(api, order.id, { disbursement_mode: 'INSTANT' }, { 'svc-request-id': 'forever' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    const txn = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.purchase_units[0].payment_summary
      .captures[0].id;
    expect(entries(txn)).toHaveLength(2);
    // Without the key, a second pay is refused: the order is completed.
    expectError(await pay(api, order.id), 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_COMPLETED');
  });

  it('DELAYED: funds held (P, PENDING) until disbursed, then S for payee and partner', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    expect((await pay(api, order.id, { disbursement_mode: 'DELAYED' })).status).toBe(200);
    let shown = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body;
    const capture = shown.purchase_units[0].payment_summary.captures[0];
    expect(capture.status).toBe('PENDING');
    expect(rels(shown.links)).toEqual(['self', 'disburse']);
    expect(entries(capture.id).map((e) => [e.status, e.held])).toEqual([
      ['P', true],
      ['P', true],
    ]);
    const withheld = api.host.services.ledger.reads.withheld(MERCHANT_ID, 'USD', api.host.deps.clock.now());
    expect(withheld).toBe(1200n - 191n);

    const disbursed = await api.request('POST', `${ORDERS_V1}/${order.id}/disburse`, { body: {} });
    expect(disbursed.status, disbursed.text).toBe(200);
    shown = disbursed.body;
    expect(shown.purchase_units[0].payment_summary.captures[0].status).toBe('COMPLETED');
    expect(rels(shown.links)).toEqual(['self']);
    expect(entries(capture.id).map((e) => e.status)).toEqual(['S', 'S']);
    expectError(
      await api.request('POST', `${ORDERS_V1}/${order.id}/disburse`),
      'UNPROCESSABLE_ENTITY',
      'NO_FUNDS_HELD',
    );
  });

  it('DELAYED funds are released automatically after 28 days', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    await pay(api, order.id, { disbursement_mode: 'DELAYED' });
    await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 28 * 24 * 3600 } });
    const shown = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body;
    const capture = shown.purchase_units[0].payment_summary.captures[0];
    expect(capture.status).toBe('COMPLETED');
    expect(entries(capture.id).map((e) => e.status)).toEqual(['S', 'S']);
  });

  it('disburses one unit by reference_id', async () => {
    const [unit] = v1Order().purchase_units;
    const order = await createV1(
      api,
      v1Order({ purchase_units: [unit, { ...unit, reference_id: 'unit-2' }] }),
    );
    await approveV1(api, order.id);
    await pay(api, order.id, { disbursement_mode: 'DELAYED' });
    const reply = await api.request('POST', `${ORDERS_V1}/${order.id}/disburse`, {
      body: { reference_id: 'unit-2' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.purchase_units.map((u: any) => u.payment_summary.captures[0].status)).toEqual([
      'PENDING',
      'COMPLETED',
    ]);
    expectError(
      await api.request('POST', `${ORDERS_V1}/${order.id}/disburse`, { body: { reference_id: 'nope' } }),
      'UNPROCESSABLE_ENTITY',
      'INVALID_PARAMETER_VALUE',
    );
  });

  it('a unit whose account cannot be fetched at pay is NOT_PROCESSED, with its whole payment_linked_group', async () => {
    const [base] = v1Order().purchase_units;
    const { partner_fee_details: _none, ...unit } = base as Record<string, unknown>;
    const order = await createV1(
      api,
      v1Order({
        purchase_units: [
          { ...unit, reference_id: 'u1', payment_linked_group: 1 },
          { ...unit, reference_id: 'u2', payment_linked_group: 1, payee: { email: 'charity@example.com' } },
          { ...unit, reference_id: 'u3' },
        ],
      }),
    );
    await approveV1(api, order.id);
    // The charity's account stops being one that can receive payments (onboarding withdrawn).
    const store = api.host.deps.store;
    const charity = store.accounts.byId(CHARITY_ID);
    store.transaction(() => store.accounts.upsert({ ...charity!, type: 'PERSONAL' }));
    expect((await pay(api, order.id)).status).toBe(200);
    const shown = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body;
    expect(shown.purchase_units.map((u: { status: string }) => u.status)).toEqual([
      'NOT_PROCESSED',
      'NOT_PROCESSED',
      'CAPTURED',
    ]);
    expect(shown.gross_total_amount.value).toBe('36.00');
  });

  it('refuses the pay with ACCOUNT_CANNOT_BE_FETCHED when no unit can be processed', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    const store = api.host.deps.store;
    const charity = store.accounts.byId(CHARITY_ID);
    store.transaction(() => store.accounts.upsert({ ...charity!, type: 'PERSONAL' }));
    expectError(await pay(api, order.id), 'UNPROCESSABLE_ENTITY', {
      issue: 'ACCOUNT_CANNOT_BE_FETCHED',
      field: '/purchase_units/0/partner_fee_details/receiver/email',
    });
    expect((await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.status).toBe('APPROVED');
  });

  it('refuses to pay before the buyer approved, and a missing disbursement_mode', async () => {
    const order = await createV1(api);
    expectError(await pay(api, order.id), 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    expectError(await pay(api, order.id, {}), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
      field: '/disbursement_mode',
    });
    expectError(
      await pay(api, order.id, { disbursement_mode: 'LATER' }),
      'INVALID_REQUEST',
      'INVALID_PARAMETER_VALUE',
    );
  });

  it('refuses a payer_info that names another buyer than the one who approved', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    const reply = await pay(api, order.id, {
      disbursement_mode: 'INSTANT',
      payer: { payer_info: { email: 'someone@example.com' } },
    });
    expectError(reply, 'UNPROCESSABLE_ENTITY', 'PAYER_ACCOUNT_INVALID');
    expect((await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.status).toBe('APPROVED');
  });

  it('AUTHORIZE: units AUTHORIZED with a held authorization memo', async () => {
    const order = await createV1(api, v1Order({ intent: 'AUTHORIZE' }));
    await approveV1(api, order.id);
    expect((await pay(api, order.id)).status).toBe(200);
    const unit = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.purchase_units[0];
    expect(unit.status).toBe('AUTHORIZED');
    const id = unit.payment_summary.authorizations[0].id;
    expect(entries(id)).toEqual([
      expect.objectContaining({ eventCode: 'T1300', status: 'P', amountMinor: 1200n }),
    ]);
  });

  it('a card order is paid with the card the partner gives (last four digits only), no approval', async () => {
    const { redirect_urls: _omitted, ...body } = v1Order({
      payment_details: { payment_method: 'CREDIT_CARD' },
    });
    const order = await createV1(api, body);
    expectError(await pay(api, order.id), 'UNPROCESSABLE_ENTITY', 'CARD_PAYER_REQUIRED');
    const card = {
      number: '4111111111111111',
      expire_month: 1,
      expire_year: 2001,
      first_name: 'Card',
      last_name: 'Holder',
    };
    expectError(
      await pay(api, order.id, {
        disbursement_mode: 'INSTANT',
        payer: { funding_instruments: [{ credit_card: card }] },
      }),
      'UNPROCESSABLE_ENTITY',
      'CARD_EXPIRED',
    );
    const reply = await pay(api, order.id, {
      disbursement_mode: 'INSTANT',
      payer: {
        payment_method: 'credit_card',
        funding_instruments: [{ credit_card: { ...card, expire_year: 2099 } }],
      },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.payer_info).toEqual({ first_name: 'Card', last_name: 'Holder' });
    expect(JSON.stringify(api.host.deps.store.resources.get('order-v1', order.id))).not.toContain(
      '4111111111111111',
    );
    const txn = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body.purchase_units[0].payment_summary
      .captures[0].id;
    expect(entries(txn)[0]?.instrumentType).toBe('CREDITCARD');
  });

  it('emits CHECKOUT.ORDER.PROCESSED with the paid order when paid', async () => {
    const order = await createV1(api);
    await approveV1(api, order.id);
    await pay(api, order.id);
    const reply = await api.request('GET', '/v1/notifications/webhooks-events');
    const processed = reply.body.events.filter((e: any) => e.event_type === 'CHECKOUT.ORDER.PROCESSED');
    expect(processed).toHaveLength(1);
    expect(processed[0].resource).toMatchObject({ id: order.id, status: 'COMPLETED' });
    expect(processed[0].resource.purchase_units[0].status).toBe('CAPTURED');
  });

  it('the sandbox helper approves like the page', async () => {
    const order = await createV1(api);
    const reply = await api.request('POST', `/v1/test-helpers/checkout/v1-orders/${order.id}/approve`, {
      body: {},
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.status).toBe('APPROVED');
    expect(reply.body.payer_info.email).toBe('buyer@example.com');
  });
});
