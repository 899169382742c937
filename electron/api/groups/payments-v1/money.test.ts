import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { advance } from '../../../test-support/test-kit.js';
import { expectError } from '../../../test-support/expect-error.js';
import { CARD, FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  executed,
  PAYMENTS,
  rels,
  related,
  simplePayment,
  V1,
  walletPayment,
} from './payments-v1-test-kit.js';

const DAY_S = 24 * 3600;
const post = (api: ApiHarness, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', path, { ...(body !== undefined ? { body } : {}), headers });
const usd = (total: string) => ({ amount: { total, currency: 'USD' } });

/** The merchant's ledger entries of the last day, as transaction search shows them. */
async function ledger(
  api: ApiHarness,
): Promise<{ code: string; status: string; amount: string; fee?: string; id: string }[]> {
  const now = api.host.deps.clock.now();
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const reply = await api.request(
    'GET',
    `/v1/reporting/transactions?start_date=${iso(now - 86_400_000)}&end_date=${iso(now + 3_600_000)}&page_size=500&balance_affecting_records_only=N`,
  );
  expect(reply.status, reply.text).toBe(200);
  return (reply.body.transaction_details as { transaction_info: Record<string, any> }[]).map(
    ({ transaction_info: t }) => ({
      code: t.transaction_event_code,
      status: t.transaction_status,
      amount: t.transaction_amount.value,
      ...(t.fee_amount ? { fee: t.fee_amount.value } : {}),
      id: t.transaction_id,
    }),
  );
}

function outbox(api: ApiHarness, resourceId: string): { type: string; version: string; summary: string }[] {
  const { items } = api.host.services.webhooks.events.list(api.host.sandboxApp.id, { resourceId }, 50, 0);
  return items
    .map(
      (event) => JSON.parse(event.body) as { event_type: string; resource_version: string; summary: string },
    )
    .map((e) => ({ type: e.event_type, version: e.resource_version, summary: e.summary }))
    .reverse();
}

describe('v1 sales, authorizations, captures, refunds and orders', () => {
  let api: ApiHarness;
  beforeEach(async () => {
    api = await startHarness({ realNow: () => FIXED_NOW, config: { tokenLifetimeSeconds: 365 * DAY_S } });
  });
  afterEach(async () => api.close());

  describe('sales', () => {
    it('refunds part, then the rest; refunded already and too much are 422', async () => {
      const sale = related(await executed(api, simplePayment('sale', '100.00')), 'sale');
      const show = (await api.request('GET', `${V1}/sale/${sale.id}`)).body;
      expect(show).toEqual(sale);
      expectError(await post(api, `${V1}/sale/${sale.id}/refund`, usd('100.01')), 'UNPROCESSABLE_ENTITY', {
        issue: 'REFUND_EXCEEDED_TRANSACTION_AMOUNT',
        field: '/amount/total',
      });
      expectError(
        await post(api, `${V1}/sale/${sale.id}/refund`, { amount: { total: '1.00', currency: 'EUR' } }),
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_MISMATCH',
      );
      const part = await post(api, `${V1}/sale/${sale.id}/refund`, { ...usd('40.00'), reason: 'damaged' });
      expect(part.status, part.text).toBe(201);
      expect(part.body).toMatchObject({
        state: 'completed',
        sale_id: sale.id,
        amount: { total: '40.00', currency: 'USD' },
        total_refunded_amount: { value: '40.00' },
      });
      expect((await api.request('GET', `${V1}/sale/${sale.id}`)).body.state).toBe('partially_refunded');
      const rest = await post(api, `${V1}/sale/${sale.id}/refund`, {});
      expect(rest.status, rest.text).toBe(201);
      expect(rest.body.amount.total).toBe('60.00');
      const refunded = (await api.request('GET', `${V1}/sale/${sale.id}`)).body;
      expect(refunded.state).toBe('refunded');
      expect(rels(refunded.links)).toEqual(['self', 'parent_payment']);
      expectError(
        await post(api, `${V1}/sale/${sale.id}/refund`, {}),
        'UNPROCESSABLE_ENTITY',
        'TRANSACTION_ALREADY_REFUNDED',
      );
      // The payment lists the sale and both refunds; the refund shows on its own.
      const payment = (await api.request('GET', `${PAYMENTS}/${sale.parent_payment}`)).body;
      expect(payment.transactions[0].related_resources.map((r: object) => Object.keys(r)[0])).toEqual([
        'sale',
        'refund',
        'refund',
      ]);
      expect((await api.request('GET', `${V1}/refund/${part.body.id}`)).body).toEqual(part.body);
    });

    it('a refund with a repeated Svc-Request-Id refunds once', async () => {
      const sale = related(await executed(api, simplePayment('sale', '10.00')), 'sale');
      const headers = { 'Svc-Request-Id': 'refund-once' };
      const first = await post(api, `${V1}/sale/${sale.id}/refund`, usd('1.00'), headers);
      const again = await post(api, `${V1}/sale/${sale.id}/refund`, usd('1.00'), headers);
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.id).toBe(first.body.id);
      expect(api.host.deps.store.resources.count('refund-v1')).toBe(1);
    });

    it('writes the same ledger entries as v2 (search shows T0006 and T1107), and the events', async () => {
      const payment = await executed(api, walletPayment());
      const sale = related(payment, 'sale');
      const refund = (await post(api, `${V1}/sale/${sale.id}/refund`, usd('30.11'))).body;
      const entries = await ledger(api);
      expect(entries).toEqual(
        expect.arrayContaining([
          { code: 'T0006', status: 'V', amount: '30.11', fee: '-1.54', id: sale.id },
          { code: 'T1107', status: 'S', amount: '-30.11', fee: '1.05', id: refund.id },
        ]),
      );
      expect(outbox(api, sale.id)).toEqual([
        { type: 'PAYMENT.SALE.COMPLETED', version: '1.0', summary: 'Payment completed for 30.11 USD' },
      ]);
      expect(outbox(api, refund.id)).toEqual([
        { type: 'PAYMENT.SALE.REFUNDED', version: '1.0', summary: 'A 30.11 USD sale payment was refunded' },
      ]);
    });

    it('agrees with v2: a v1 sale and a v2 capture of the same amount write the same entry and move the balance alike', async () => {
      const cents = async () => {
        const reply = await api.request('GET', '/v1/reporting/balances?currency_code=USD');
        expect(reply.status, reply.text).toBe(200);
        const value = String(reply.body.balances[0]?.total_balance.value ?? '0.00');
        const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
        return (value.startsWith('-') ? -1n : 1n) * BigInt(whole + fraction.padEnd(2, '0'));
      };
      const before = await cents();
      const sale = related(await executed(api, simplePayment('sale', '100.00')), 'sale');
      const afterV1 = await cents();
      const order = await api.createOrder(
        {
          intent: 'CAPTURE',
          purchase_units: [{ amount: { currency_code: 'USD', value: '100.00' } }],
          payment_source: CARD,
        },
        { 'Svc-Request-Id': 'v2-order-1' },
      );
      const captured = await post(api, `/v2/checkout/orders/${order.body.id}/capture`, undefined, {
        'Svc-Request-Id': 'v2-capture-1',
      });
      expect(captured.status, captured.text).toBe(201);
      const afterV2 = await cents();
      const captureId = captured.body.purchase_units[0].payments.captures[0].id as string;
      const entries = await ledger(api);
      const v1 = entries.find((e) => e.id === sale.id);
      const v2 = entries.find((e) => e.id === captureId);
      expect(v1).toMatchObject({ code: 'T0006', status: 'S', amount: '100.00', fee: '-3.98' });
      expect({ ...v1, id: '' }).toEqual({ ...v2, id: '' });
      // 100.00 less the 3.98 fee, each time.
      expect(afterV1 - before).toBe(9602n);
      expect(afterV2 - afterV1).toBe(9602n);
    });

    it('unknown ids are 404, and a malformed one is 400', async () => {
      expectError(await api.request('GET', `${V1}/sale/NOSUCHSALE0000000`), 'RESOURCE_NOT_FOUND');
      expectError(await post(api, `${V1}/sale/NOSUCHSALE0000000/refund`, {}), 'RESOURCE_NOT_FOUND');
      expectError(await api.request('GET', `${V1}/sale/bad%20id`), 'INVALID_REQUEST');
    });
  });

  describe('authorizations', () => {
    it('captures part, then the rest (final); captures and refunds them', async () => {
      const authorization = related(
        await executed(api, simplePayment('authorize', '50.00')),
        'authorization',
      );
      expectError(
        await post(api, `${V1}/authorization/${authorization.id}/capture`, usd('50.01')),
        'UNPROCESSABLE_ENTITY',
        'MAX_CAPTURE_AMOUNT_EXCEEDED',
      );
      const part = await post(api, `${V1}/authorization/${authorization.id}/capture`, usd('20.00'));
      expect(part.status, part.text).toBe(201);
      expect(part.body).toMatchObject({
        state: 'completed',
        is_final_capture: false,
        amount: { total: '20.00', currency: 'USD' },
      });
      expect(rels(part.body.links)).toEqual(['self', 'refund', 'authorization', 'parent_payment']);
      expect((await api.request('GET', `${V1}/authorization/${authorization.id}`)).body.state).toBe(
        'partially_captured',
      );
      const rest = await post(api, `${V1}/authorization/${authorization.id}/capture`, {});
      expect(rest.body).toMatchObject({ is_final_capture: true, amount: { total: '30.00' } });
      expect((await api.request('GET', `${V1}/authorization/${authorization.id}`)).body.state).toBe(
        'captured',
      );
      expectError(
        await post(api, `${V1}/authorization/${authorization.id}/capture`, {}),
        'UNPROCESSABLE_ENTITY',
        'AUTHORIZATION_ALREADY_COMPLETED',
      );
      expectError(
        await post(api, `${V1}/authorization/${authorization.id}/void`),
        'UNPROCESSABLE_ENTITY',
        'AUTHORIZATION_ALREADY_COMPLETED',
      );
      const refund = await post(api, `${V1}/capture/${part.body.id}/refund`, usd('5.00'));
      expect(refund.status, refund.text).toBe(201);
      expect(refund.body.capture_id).toBe(part.body.id);
      expect((await api.request('GET', `${V1}/capture/${part.body.id}`)).body.state).toBe(
        'partially_refunded',
      );
      expect(outbox(api, authorization.id).map((e) => e.type)).toEqual(['PAYMENT.AUTHORIZATION.CREATED']);
      expect(outbox(api, part.body.id)).toEqual([
        { type: 'PAYMENT.CAPTURE.COMPLETED', version: '1.0', summary: 'Payment completed for 20.00 USD' },
      ]);
      expect(outbox(api, refund.body.id).map((e) => e.type)).toEqual(['PAYMENT.CAPTURE.REFUNDED']);
      const entries = await ledger(api);
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'T1300', status: 'S', amount: '50.00', id: authorization.id }),
          expect.objectContaining({ code: 'T0006', status: 'S', amount: '20.00', id: part.body.id }),
          expect.objectContaining({ code: 'T1107', amount: '-5.00', id: refund.body.id }),
        ]),
      );
    });

    it('is_final_capture closes it with less than the whole amount', async () => {
      const authorization = related(
        await executed(api, simplePayment('authorize', '50.00')),
        'authorization',
      );
      const capture = await post(api, `${V1}/authorization/${authorization.id}/capture`, {
        ...usd('10.00'),
        is_final_capture: true,
      });
      expect(capture.body.is_final_capture).toBe(true);
      expect((await api.request('GET', `${V1}/authorization/${authorization.id}`)).body.state).toBe(
        'captured',
      );
    });

    it('voids: voided, no more captures, the event and the ledger say so', async () => {
      const authorization = related(
        await executed(api, simplePayment('authorize', '50.00')),
        'authorization',
      );
      const voided = await post(api, `${V1}/authorization/${authorization.id}/void`);
      expect(voided.status, voided.text).toBe(200);
      expect(voided.body.state).toBe('voided');
      expect(rels(voided.body.links)).toEqual(['self', 'parent_payment']);
      expectError(
        await post(api, `${V1}/authorization/${authorization.id}/capture`, {}),
        'UNPROCESSABLE_ENTITY',
        'AUTHORIZATION_VOIDED',
      );
      expectError(
        await post(api, `${V1}/authorization/${authorization.id}/void`),
        'UNPROCESSABLE_ENTITY',
        'AUTHORIZATION_VOIDED',
      );
      expect(outbox(api, authorization.id).map((e) => e.type)).toEqual([
        'PAYMENT.AUTHORIZATION.CREATED',
        'PAYMENT.AUTHORIZATION.VOIDED',
      ]);
      expect(await ledger(api)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'T1300', status: 'V', id: authorization.id }),
        ]),
      );
    });

    it('reauthorizes once, from day 4 to day 29, up to 115%', async () => {
      const authorization = related(
        await executed(api, simplePayment('authorize', '100.00')),
        'authorization',
      );
      const reauthorize = (body: unknown = {}) =>
        post(api, `${V1}/authorization/${authorization.id}/reauthorize`, body);
      expectError(await reauthorize(), 'UNPROCESSABLE_ENTITY', 'REAUTHORIZE_TOO_EARLY');
      await advance(api, 3 * DAY_S);
      expectError(await reauthorize(usd('115.01')), 'UNPROCESSABLE_ENTITY', 'REAUTHORIZE_AMOUNT_EXCEEDED');
      const done = await reauthorize(usd('115.00'));
      expect(done.status, done.text).toBe(201);
      expect(done.body).toMatchObject({ state: 'authorized', amount: { total: '115.00' } });
      expect(rels(done.body.links)).not.toContain('reauthorize');
      expectError(await reauthorize(), 'UNPROCESSABLE_ENTITY', 'REAUTHORIZATION_ALREADY_DONE');
    });

    it('expires after 29 days', async () => {
      const authorization = related(
        await executed(api, simplePayment('authorize', '10.00')),
        'authorization',
      );
      await advance(api, 29 * DAY_S);
      expect((await api.request('GET', `${V1}/authorization/${authorization.id}`)).body.state).toBe(
        'expired',
      );
      expectError(
        await post(api, `${V1}/authorization/${authorization.id}/capture`, {}),
        'UNPROCESSABLE_ENTITY',
        'AUTHORIZATION_EXPIRED',
      );
    });
  });

  describe('orders (intent order)', () => {
    it('authorizes an order, then captures through the authorization', async () => {
      const order = related(await executed(api, simplePayment('order', '40.00')), 'order');
      expect((await api.request('GET', `${V1}/orders/${order.id}`)).body).toEqual(order);
      expect(rels(order.links)).toEqual(['self', 'parent_payment', 'authorization', 'capture', 'void']);
      expectError(
        await post(api, `${V1}/orders/${order.id}/authorize`, usd('40.01')),
        'UNPROCESSABLE_ENTITY',
        'ORDER_AMOUNT_EXCEEDED',
      );
      const authorization = await post(api, `${V1}/orders/${order.id}/authorize`, usd('30.00'));
      expect(authorization.status, authorization.text).toBe(201);
      expect(rels(authorization.body.links)).toContain('order');
      expect((await api.request('GET', `${V1}/orders/${order.id}`)).body.state).toBe('authorized');
      expectError(
        await post(api, `${V1}/orders/${order.id}/capture`, {}),
        'UNPROCESSABLE_ENTITY',
        'ORDER_ALREADY_AUTHORIZED',
      );
      const capture = await post(api, `${V1}/authorization/${authorization.body.id}/capture`, usd('10.00'));
      expect(capture.body.amount.total).toBe('10.00');
    });

    it('voiding an authorized order voids its authorization too', async () => {
      const order = related(await executed(api, simplePayment('order', '40.00')), 'order');
      const authorization = (await post(api, `${V1}/orders/${order.id}/authorize`, {})).body;
      expect(authorization.amount.total).toBe('40.00');
      expect((await post(api, `${V1}/orders/${order.id}/do-void`)).body.state).toBe('voided');
      expect((await api.request('GET', `${V1}/authorization/${authorization.id}`)).body.state).toBe('voided');
    });

    it('captures an order directly, and voids another', async () => {
      const order = related(await executed(api, simplePayment('order', '40.00')), 'order');
      const capture = await post(api, `${V1}/orders/${order.id}/capture`, usd('25.00'));
      expect(capture.status, capture.text).toBe(201);
      expect(capture.body).toMatchObject({ is_final_capture: true, amount: { total: '25.00' } });
      expect((await api.request('GET', `${V1}/orders/${order.id}`)).body.state).toBe('completed');
      expectError(
        await post(api, `${V1}/orders/${order.id}/do-void`),
        'UNPROCESSABLE_ENTITY',
        'ORDER_ALREADY_COMPLETED_V1',
      );
      const other = related(await executed(api, simplePayment('order', '5.00')), 'order');
      const voided = await post(api, `${V1}/orders/${other.id}/do-void`);
      expect(voided.status, voided.text).toBe(200);
      expect(voided.body.state).toBe('voided');
      expectError(
        await post(api, `${V1}/orders/${other.id}/capture`, {}),
        'UNPROCESSABLE_ENTITY',
        'ORDER_VOIDED_V1',
      );
    });
  });
});
