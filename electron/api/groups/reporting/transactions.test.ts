import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TRANSACTIONS,
  allEntries,
  authorizedOrder,
  balances,
  captureAuthorization,
  capturedOrder,
  iso,
  query,
  refund,
  search,
  startReportingHarness,
  totalBalance,
  type Json,
  type ReportingHarness,
} from './reporting-test-kit.js';
import { BUYER_ADDRESS, FIXED_NOW, usd } from '../../../test-support/fixtures.js';

const info = (entry: Json) => entry.transaction_info;

/** A wallet order with items and shipping, approved by the seeded buyer, then captured. */
async function walletCapture(api: ReportingHarness): Promise<{ orderId: string; captureId: string }> {
  const order = await api.createOrder({
    intent: 'CAPTURE',
    purchase_units: [
      {
        description: 'Coffee gear',
        invoice_id: 'INV-7',
        custom_id: 'CUST-7',
        amount: {
          currency_code: 'USD',
          value: '25.00',
          breakdown: { item_total: usd('20.00'), shipping: usd('5.00') },
        },
        items: [
          { name: 'Mug', sku: 'MUG-1', quantity: '2', unit_amount: usd('7.50') },
          { name: 'Filters', quantity: '1', unit_amount: usd('5.00'), description: 'Paper, 100' },
        ],
        shipping: {
          name: { full_name: 'Bailey Buyer' },
          address: BUYER_ADDRESS,
        },
      },
    ],
  });
  expect(order.status, order.text).toBe(201);
  const orderId = order.body.id as string;
  expect((await api.request('POST', `/v1/test-helpers/checkout/orders/${orderId}/approve`)).status).toBe(200);
  const captured = await api.request('POST', `/v2/checkout/orders/${orderId}/capture`);
  expect(captured.status, captured.text).toBe(201);
  return { orderId, captureId: captured.body.purchase_units[0].payments.captures[0].id };
}

describe('transaction search: captures, refunds and authorizations in the ledger', () => {
  let api: ReportingHarness;
  beforeEach(async () => {
    api = await startReportingHarness();
  });
  afterEach(async () => api.close());

  it('a capture is a T0006 entry with the gross amount, the fee of the fee schedule and status S', async () => {
    const { orderId, capture } = await capturedOrder(api, { value: '100.00' });
    const body = await search(api);
    expect(body.total_items).toBe(1);
    expect(body.total_pages).toBe(1);
    expect(body.page).toBe(1);
    const entry = body.transaction_details[0];
    expect(Object.keys(entry)).toEqual(['transaction_info']);
    expect(info(entry)).toMatchObject({
      svc_account_id: capture.payee.merchant_id,
      transaction_id: capture.id,
      transaction_event_code: 'T0006',
      transaction_amount: usd('100.00'),
      fee_amount: usd('-3.98'),
      transaction_status: 'S',
      protection_eligibility: '01',
      instrument_type: 'CREDITCARD',
    });
    expect(capture.seller_receivable_breakdown.svc_fee).toEqual(usd('3.98'));
    expect(info(entry).transaction_id).toMatch(/^[A-Z0-9]{17}$/);
    // The order id finds it too (17 characters, or O- and the order id).
    expect((await search(api, { transaction_id: orderId })).total_items).toBe(1);
    expect((await search(api, { transaction_id: `O-${orderId}` })).total_items).toBe(1);
  });

  it('finds a capture of 99,999,999,999,999.00 (past 2^53 minor units) and sums it exactly', async () => {
    await capturedOrder(api, { value: '99999999999999.00' });
    await capturedOrder(api, { value: '99999999999999.00' });
    const body = await search(api);
    expect(body.total_items).toBe(2);
    expect(info(body.transaction_details[0]).transaction_amount).toEqual(usd('99999999999999.00'));
    const balance = await balances(api, { currency_code: 'USD' });
    // Exact BigInt arithmetic: the two gross amounts less their fees, to the cent.
    const fee = (-BigInt(info(body.transaction_details[0]).fee_amount.value.replace('.', ''))).toString();
    expect(balance.balances[0].total_balance.value.replace('.', '')).toBe(
      (2n * 9999999999999900n - 2n * BigInt(fee)).toString(),
    );
  });

  it('fields selects the groups: payer, shipping and cart come from the order', async () => {
    const { captureId } = await walletCapture(api);
    const all = (await search(api, { fields: 'all' })).transaction_details[0];
    expect(Object.keys(all)).toEqual([
      'transaction_info',
      'payer_info',
      'shipping_info',
      'cart_info',
      'store_info',
      'auction_info',
      'incentive_info',
    ]);
    expect(info(all)).toMatchObject({
      transaction_id: captureId,
      transaction_subject: 'Coffee gear',
      invoice_id: 'INV-7',
      custom_field: 'CUST-7',
    });
    expect(info(all).instrument_type).toBeUndefined();
    expect(all.payer_info).toEqual({
      account_id: expect.stringMatching(/^[A-Z2-9]{13}$/),
      email_address: 'buyer@example.com',
      address_status: 'Y',
      payer_status: 'Y',
      payer_name: { given_name: 'Bailey', surname: 'Buyer' },
      country_code: 'US',
    });
    expect(all.shipping_info).toEqual({ name: 'Bailey Buyer' });
    expect(all.cart_info.item_details).toEqual([
      {
        item_code: 'MUG-1',
        item_name: 'Mug',
        item_quantity: '2',
        item_unit_price: usd('7.50'),
        item_amount: usd('15.00'),
        total_item_amount: usd('15.00'),
        invoice_number: 'INV-7',
      },
      {
        item_name: 'Filters',
        item_description: 'Paper, 100',
        item_quantity: '1',
        item_unit_price: usd('5.00'),
        item_amount: usd('5.00'),
        total_item_amount: usd('5.00'),
        invoice_number: 'INV-7',
      },
    ]);
    const two = (await search(api, { fields: 'payer_info,cart_info' })).transaction_details[0];
    expect(Object.keys(two)).toEqual(['payer_info', 'cart_info']);
  });

  it('refunds are T1107 entries that return the percentage fee; a full refund makes the payment V', async () => {
    const { capture } = await capturedOrder(api, { value: '100.00' });
    const first = await refund(api, capture.id, '40.00');
    expect(first.seller_payable_breakdown.svc_fee).toEqual(usd('1.40'));
    let body = await search(api);
    expect(
      body.transaction_details.map((e: Json) => [info(e).transaction_event_code, info(e).transaction_status]),
    ).toEqual([
      ['T0006', 'S'],
      ['T1107', 'S'],
    ]);
    expect(info(body.transaction_details[1])).toMatchObject({
      transaction_id: first.id,
      transaction_amount: usd('-40.00'),
      fee_amount: usd('1.40'),
    });

    const rest = await refund(api, capture.id);
    expect(rest.amount).toEqual(usd('60.00'));
    body = await search(api);
    const [sale, r1, r2] = body.transaction_details.map(info);
    expect(sale.transaction_status).toBe('V');
    expect(r2).toMatchObject({
      transaction_id: rest.id,
      transaction_amount: usd('-60.00'),
      fee_amount: usd('2.09'),
    });
    expect(r1.transaction_status).toBe('S');
    // Capture, refunds, search and balances agree to the cent: 100 - 3.98 - 40 + 1.40 - 60 + 2.09.
    expect(await totalBalance(api)).toBe('-0.49');
    expect(sale.transaction_updated_date >= sale.transaction_initiation_date).toBe(true);
  });

  it('authorizations are memo entries: P while open, S once fully captured; only with balance_affecting_records_only=N', async () => {
    const { authorizationId } = await authorizedOrder(api, { value: '50.00' });
    expect((await search(api)).total_items).toBe(0);
    let memo = await search(api, { balance_affecting_records_only: 'N' });
    expect(info(memo.transaction_details[0])).toMatchObject({
      transaction_id: authorizationId,
      transaction_event_code: 'T1300',
      transaction_status: 'P',
      transaction_amount: usd('50.00'),
    });
    expect(info(memo.transaction_details[0]).fee_amount).toBeUndefined();

    const part = await captureAuthorization(api, authorizationId, { amount: usd('20.00') });
    memo = await search(api, { transaction_type: 'T1300', balance_affecting_records_only: 'N' });
    expect(info(memo.transaction_details[0]).transaction_status).toBe('P');
    await captureAuthorization(api, authorizationId, { amount: usd('30.00'), final_capture: true });
    memo = await search(api, { transaction_type: 'T1300', balance_affecting_records_only: 'N' });
    expect(info(memo.transaction_details[0]).transaction_status).toBe('S');

    const payments = await search(api, { transaction_type: 'T0006' });
    expect(payments.total_items).toBe(2);
    expect(info(payments.transaction_details[0])).toMatchObject({
      transaction_id: part.id,
      transaction_amount: usd('20.00'),
      fee_amount: usd('-1.19'),
    });
  });

  it('a void makes the authorization V and adds a T1303 entry with the same transaction id', async () => {
    const { authorizationId } = await authorizedOrder(api, { value: '80.00' });
    await captureAuthorization(api, authorizationId, { amount: usd('30.00') });
    const voided = await api.request('POST', `/v2/payments/authorizations/${authorizationId}/void`);
    expect(voided.status, voided.text).toBe(204);
    const body = await search(api, { transaction_id: authorizationId, balance_affecting_records_only: 'N' });
    expect(body.total_items).toBe(2);
    expect(
      body.transaction_details.map((e: Json) => [
        info(e).transaction_id,
        info(e).transaction_event_code,
        info(e).transaction_status,
        info(e).transaction_amount.value,
      ]),
    ).toEqual([
      [authorizationId, 'T1300', 'V', '80.00'],
      [authorizationId, 'T1303', 'S', '-50.00'],
    ]);
  });

  it('filters by type, status, currency, amount range (minor units) and instrument', async () => {
    const { capture } = await capturedOrder(api, { value: '10.00' });
    await capturedOrder(api, { value: '250.00' });
    await capturedOrder(api, { value: '1500', currency: 'JPY' });
    await capturedOrder(api, { value: '12.345', currency: 'KWD' });
    await refund(api, capture.id);
    const ids = async (params: Record<string, string>) =>
      (await search(api, params)).transaction_details.map((e: Json) => info(e).transaction_amount);
    expect(await ids({ transaction_amount: '[1000 TO 25000]' })).toEqual([
      usd('10.00'),
      usd('250.00'),
      { currency_code: 'JPY', value: '1500' },
      { currency_code: 'KWD', value: '12.345' },
    ]);
    expect(await ids({ transaction_amount: '[-1000 TO -1]' })).toEqual([usd('-10.00')]);
    expect(await ids({ transaction_currency: 'JPY' })).toEqual([{ currency_code: 'JPY', value: '1500' }]);
    expect(await ids({ transaction_status: 'V' })).toEqual([usd('10.00')]);
    expect(await ids({ transaction_type: 'T1107' })).toEqual([usd('-10.00')]);
    expect((await search(api, { payment_instrument_type: 'CREDITCARD' })).total_items).toBe(5);
    expect((await search(api, { payment_instrument_type: 'DEBITCARD' })).total_items).toBe(0);
    expect((await search(api, { store_id: 'STORE-1' })).total_items).toBe(0);
    const jpy = (await search(api, { transaction_currency: 'JPY' })).transaction_details[0];
    expect(info(jpy).fee_amount).toEqual({ currency_code: 'JPY', value: '-92' }); // 3.49% of 1500 = 52.35 -> 52, plus 40
    const kwd = (await search(api, { transaction_currency: 'KWD' })).transaction_details[0];
    expect(info(kwd).fee_amount).toEqual({ currency_code: 'KWD', value: '-0.551' }); // 0.430841 -> 0.431, plus 0.120
  });

  it('pages with total_items, total_pages and links that work when followed', async () => {
    for (let i = 1; i <= 5; i++) await capturedOrder(api, { value: `${i}.00` });
    const first = await search(api, { page_size: '2', transaction_amount: '[0 TO 100000]' });
    expect(first).toMatchObject({ page: 1, total_items: 5, total_pages: 3 });
    expect(first.links.map((l: Json) => l.rel)).toEqual(['self', 'first', 'next', 'last']);
    const next = first.links.find((l: Json) => l.rel === 'next').href as string;
    expect(next).toContain('transaction_amount=%5B0%20TO%20100000%5D');
    const second = await api.request('GET', next.replace(/^https?:\/\/[^/]+/, ''));
    expect(second.status, second.text).toBe(200);
    expect(second.body.page).toBe(2);
    expect(second.body.links.map((l: Json) => l.rel)).toEqual(['self', 'first', 'prev', 'next', 'last']);
    const amounts = [...first.transaction_details, ...second.body.transaction_details].map(
      (e: Json) => info(e).transaction_amount.value,
    );
    expect(amounts).toEqual(['1.00', '2.00', '3.00', '4.00']);
    const beyond = await search(api, { page_size: '2', page: '9' });
    expect(beyond).toMatchObject({ page: 9, total_items: 5, total_pages: 3, transaction_details: [] });
  });

  it('ending_balance runs through an unfiltered search and is empty as soon as a filter is given', async () => {
    const { capture } = await capturedOrder(api, { value: '100.00' });
    await capturedOrder(api, { value: '20.00' });
    await capturedOrder(api, { value: '7.00', currency: 'EUR' });
    await refund(api, capture.id, '10.00');
    const body = await search(api, { page_size: '2' });
    const page2 = await search(api, { page_size: '2', page: '2' });
    const endings = [...body.transaction_details, ...page2.transaction_details].map(
      (e: Json) => info(e).ending_balance,
    );
    // 100 - 3.98 = 96.02; + 20 - 1.19 = 114.83; EUR 7 - 0.63 = 6.37; - 10 + 0.35 = 105.18.
    expect(endings).toEqual([
      usd('96.02'),
      usd('114.83'),
      { currency_code: 'EUR', value: '6.37' },
      usd('105.18'),
    ]);
    expect(await totalBalance(api)).toBe('105.18');
    const filtered = await search(api, { transaction_status: 'S' });
    expect(filtered.transaction_details.every((e: Json) => info(e).ending_balance === undefined)).toBe(true);
  });

  it('Svc-Enforce-ISO8601-Format switches between the two date-time formats', async () => {
    await capturedOrder(api);
    const legacy = await search(api);
    const dates = [
      legacy.start_date,
      legacy.end_date,
      legacy.last_refreshed_datetime,
      info(legacy.transaction_details[0]).transaction_initiation_date,
    ];
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
    const explicit = await search(api, {}, { 'Svc-Enforce-ISO8601-Format': 'false' });
    expect(explicit.start_date).toBe(legacy.start_date);
    const isoBody = await search(api, {}, { 'Svc-Enforce-ISO8601-Format': 'true' });
    for (const d of [
      isoBody.start_date,
      isoBody.end_date,
      isoBody.last_refreshed_datetime,
      info(isoBody.transaction_details[0]).transaction_updated_date,
    ]) {
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(isoBody.start_date.replace('Z', '+0000')).toBe(legacy.start_date);
    const bal = await api.request('GET', '/v1/reporting/balances', {
      headers: { 'svc-enforce-iso8601-format': 'TRUE' },
    });
    expect(bal.body.as_of_time).toMatch(/Z$/);
  });

  it('a visibility delay on the simulated clock hides new entries until it has passed', async () => {
    const set = await api.request('POST', '/v1/test-helpers/reporting/settings', {
      body: { visibility_delay_seconds: 3600 },
    });
    expect(set.body).toEqual({ visibility_delay_seconds: 3600 });
    expect(
      (
        await api.request('POST', '/v1/test-helpers/reporting/settings', {
          body: { visibility_delay_seconds: 10801 },
        })
      ).status,
    ).toBe(400);
    await capturedOrder(api, { value: '10.00' });
    const hidden = await search(api);
    expect(hidden.total_items).toBe(0);
    expect(hidden.last_refreshed_datetime).toBe(iso(api.now() - 3600_000).replace('Z', '+0000'));
    expect(await totalBalance(api)).toBe('0.00');
    await api.advance(3599);
    expect((await search(api)).total_items).toBe(0);
    await api.advance(1);
    expect((await search(api)).total_items).toBe(1);
    expect(await totalBalance(api)).toBe('9.16');
  });

  it('balances: per currency, primary first, as of a time, and the consistency with the search', async () => {
    await capturedOrder(api, { value: '100.00' });
    const before = api.now();
    await api.advance(3600);
    await capturedOrder(api, { value: '30.00', currency: 'EUR' });
    await capturedOrder(api, { value: '50.00' });
    const body = await balances(api);
    expect(body.account_id).toMatch(/^[A-Z2-9]{13}$/);
    expect(body.balances).toEqual([
      {
        currency: 'USD',
        primary: true,
        total_balance: usd('143.78'),
        available_balance: usd('143.78'),
        withheld_balance: usd('0.00'),
      },
      {
        currency: 'EUR',
        primary: false,
        total_balance: { currency_code: 'EUR', value: '28.56' },
        available_balance: { currency_code: 'EUR', value: '28.56' },
        withheld_balance: { currency_code: 'EUR', value: '0.00' },
      },
    ]);
    const earlier = await balances(api, { as_of_time: iso(before + 1000), currency_code: 'USD' });
    expect(earlier.balances).toEqual([
      {
        currency: 'USD',
        primary: true,
        total_balance: usd('96.02'),
        available_balance: usd('96.02'),
        withheld_balance: usd('0.00'),
      },
    ]);
    expect(earlier.as_of_time).toBe(iso(before + 1000).replace('Z', '+0000'));
    const none = await balances(api, { currency_code: 'GBP' });
    expect(none.balances[0].total_balance).toEqual({ currency_code: 'GBP', value: '0.00' });
    // The sum of every entry the search lists equals the balance.
    const entries = await allEntries(api, { transaction_currency: 'USD' });
    const cents = entries.reduce(
      (sum: number, e: Json) =>
        sum +
        Math.round(Number(info(e).transaction_amount.value) * 100) +
        Math.round(Number(info(e).fee_amount?.value ?? 0) * 100),
      0,
    );
    expect(cents).toBe(14378);
  });

  it('answers 400, never 500, for an end before the last refresh or a window in the future', async () => {
    const future = await api.request(
      'GET',
      `${TRANSACTIONS}?${query({ start_date: iso(api.now() + 86_400_000), end_date: iso(api.now() + 2 * 86_400_000) })}`,
    );
    expect(future.status).toBe(200);
    expect(future.body.total_items).toBe(0);
  });
});

describe('balances in the current second', () => {
  let api: ReportingHarness;
  // Real time stands still 400 ms into a second: a write made a moment ago is in that second.
  beforeEach(async () => {
    api = await startReportingHarness(FIXED_NOW + 400);
  });
  afterEach(async () => {
    await api.close();
  });

  it('include a write made earlier in the second the answer is as of', async () => {
    const { account_id: merchant } = await balances(api, { currency_code: 'USD' });
    const top = await api.request('POST', `/v1/test-helpers/accounts/${merchant}/balance-adjustments`, {
      body: { amount: usd('25.00'), direction: 'CREDIT' },
    });
    expect(top.status, top.text).toBe(201);
    const body = await balances(api, { currency_code: 'USD' });
    expect(body.balances[0].total_balance).toEqual(top.body.balance);
    expect(body.as_of_time).toBe(iso(FIXED_NOW).replace('Z', '+0000'));
    // An as_of_time on that whole second stands for all of it.
    const asOf = await balances(api, { as_of_time: iso(FIXED_NOW), currency_code: 'USD' });
    expect(asOf.balances[0].total_balance).toEqual(top.body.balance);
  });
});
