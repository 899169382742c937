import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SCOPES } from '../../../../shared/scopes.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW_ISO } from '../../../test-support/fixtures.js';
import {
  CAPTURES,
  ORDERS,
  REFUNDS,
  captureOk,
  createCardOrder,
  getCapture,
  getOrder,
  getRefund,
  linkOf,
  money,
  newAuthorization,
  pathOf,
  refund,
  refundOk,
  rels,
  requestId,
  sentTwice,
  usd,
  startPaymentsHarness,
} from './payments-test-kit.js';

describe('POST /v2/payments/captures/{id}/refund', () => {
  const api = harnessPerTest(startPaymentsHarness);

  /** A completed USD capture of `value` (from an authorization) and its ids. */
  async function newCapture(value = '100.00', currency = 'USD') {
    const { orderId, authorizationId } = await newAuthorization(api, value, currency);
    const captured = await captureOk(api, authorizationId);
    return { orderId, authorizationId, captureId: captured.id as string };
  }

  it('a refund without an amount refunds the whole capture: capture REFUNDED', async () => {
    const { orderId, captureId } = await newCapture('100.00');
    const reply = await refund(api, captureId);
    expect(reply.status, reply.text).toBe(201);
    // Minimal by default, like a capture.
    expect(Object.keys(reply.body).sort()).toEqual(['id', 'links', 'status']);
    expect(reply.body.status).toBe('COMPLETED');
    expect(reply.body.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(rels(reply.body.links)).toEqual(['self', 'up']);
    expect(pathOf(linkOf(reply.body.links, 'self').href)).toBe(`${REFUNDS}/${reply.body.id}`);
    expect(pathOf(linkOf(reply.body.links, 'up').href)).toBe(`${CAPTURES}/${captureId}`);

    const shown = await getRefund(api, reply.body.id);
    expect(shown).toMatchObject({
      id: reply.body.id,
      status: 'COMPLETED',
      amount: usd('100.00'),
      seller_payable_breakdown: {
        gross_amount: usd('100.00'),
        // The percentage part of the 3.98 fee comes back; the fixed 0.49 is kept.
        svc_fee: usd('3.49'),
        net_amount: usd('96.51'),
        total_refunded_amount: usd('100.00'),
      },
      payee: { email_address: SEED_MERCHANT.email, merchant_id: SEED_MERCHANT.id },
      supplementary_data: { related_ids: { order_id: orderId, capture_id: captureId } },
      create_time: FIXED_NOW_ISO,
    });
    const captured = await getCapture(api, captureId);
    expect(captured.status).toBe('REFUNDED');
    // A refunded capture no longer offers a refund.
    expect(rels(captured.links)).toEqual(['self', 'up']);
  });

  it('partial refunds: PARTIALLY_REFUNDED, then REFUNDED; each returns its share of the fee', async () => {
    const { captureId } = await newCapture('100.00');
    const first = await refundOk(api, captureId, { amount: usd('40.00') });
    expect(first.amount).toEqual(usd('40.00'));
    expect(first.seller_payable_breakdown).toEqual({
      gross_amount: usd('40.00'),
      svc_fee: usd('1.40'),
      net_amount: usd('38.60'),
      total_refunded_amount: usd('40.00'),
    });
    const afterFirst = await getCapture(api, captureId);
    expect(afterFirst.status).toBe('PARTIALLY_REFUNDED');
    expect(rels(afterFirst.links)).toEqual(['self', 'refund', 'up']);

    const second = await refundOk(api, captureId, { amount: usd('60.00') });
    expect(second.seller_payable_breakdown).toEqual({
      gross_amount: usd('60.00'),
      svc_fee: usd('2.09'),
      net_amount: usd('57.91'),
      total_refunded_amount: usd('100.00'),
    });
    expect((await getCapture(api, captureId)).status).toBe('REFUNDED');
  });

  it.each([
    ['two halves', ['50.00', '50.00']],
    ['three thirds', ['33.33', '33.33', '33.34']],
    ['a cent, then the rest', ['0.01', '99.99']],
    ['many small refunds', ['0.50', '0.50', '0.50', '0.50', '98.00']],
  ])('the fee shares of all refunds add up to exactly the percentage part (%s)', async (_label, parts) => {
    const { captureId } = await newCapture('100.00');
    const captured = await getCapture(api, captureId);
    expect(captured.seller_receivable_breakdown.svc_fee).toEqual(usd('3.98'));
    let feeBackCents = 0;
    let netCents = 0;
    for (const value of parts) {
      const r = await refundOk(api, captureId, { amount: usd(value) });
      feeBackCents += Math.round(Number(r.seller_payable_breakdown.svc_fee.value) * 100);
      netCents += Math.round(Number(r.seller_payable_breakdown.net_amount.value) * 100);
      expect(Number(r.seller_payable_breakdown.svc_fee.value)).toBeGreaterThanOrEqual(0);
    }
    expect((await getCapture(api, captureId)).status).toBe('REFUNDED');
    expect(feeBackCents).toBe(349); // 3.98 - the fixed 0.49
    expect(netCents).toBe(10000 - 349);
  });

  it('the last refund reports the running total in total_refunded_amount', async () => {
    const { captureId } = await newCapture('100.00');
    await refundOk(api, captureId, { amount: usd('10.00') });
    await refundOk(api, captureId, { amount: usd('15.50') });
    const third = await refundOk(api, captureId, { amount: usd('0.50') });
    expect(third.seller_payable_breakdown.total_refunded_amount).toEqual(usd('26.00'));
    const rest = await refundOk(api, captureId);
    expect(rest.amount).toEqual(usd('74.00'));
    expect(rest.seller_payable_breakdown.total_refunded_amount).toEqual(usd('100.00'));
  });

  it.each([
    ['more than the capture', [], '100.01'],
    ['more than what remains after a partial refund', ['60.00'], '40.01'],
  ])('422 REFUND_AMOUNT_EXCEEDED: %s', async (_label, before, value) => {
    const { captureId } = await newCapture('100.00');
    for (const v of before) await refundOk(api, captureId, { amount: usd(v) });
    expectError(await refund(api, captureId, { amount: usd(value) }), 'UNPROCESSABLE_ENTITY', {
      issue: 'REFUND_AMOUNT_EXCEEDED',
      field: '/amount/value',
      location: 'body',
    });
    expect((await getCapture(api, captureId)).status).toBe(
      before.length > 0 ? 'PARTIALLY_REFUNDED' : 'COMPLETED',
    );
  });

  it('a partial capture can be refunded only up to its own amount', async () => {
    const { authorizationId } = await newAuthorization(api, '100.00');
    const part = await captureOk(api, authorizationId, { amount: usd('30.00') });
    expectError(await refund(api, part.id, { amount: usd('30.01') }), 'UNPROCESSABLE_ENTITY', {
      issue: 'REFUND_AMOUNT_EXCEEDED',
    });
    const full = await refundOk(api, part.id);
    expect(full.amount).toEqual(usd('30.00'));
  });

  it.each([
    ['without an amount', undefined],
    ['with an amount', { amount: usd('1.00') }],
  ])('422 CAPTURE_FULLY_REFUNDED for a refund of a fully refunded capture (%s)', async (_label, body) => {
    const { captureId } = await newCapture('100.00');
    await refundOk(api, captureId);
    expectError(await refund(api, captureId, body), 'UNPROCESSABLE_ENTITY', {
      issue: 'CAPTURE_FULLY_REFUNDED',
      field: 'id',
      location: 'path',
    });
  });

  it.each([
    [
      'another currency',
      money('1.00', 'EUR'),
      'UNPROCESSABLE_ENTITY',
      'CURRENCY_MISMATCH',
      '/amount/currency_code',
    ],
    ['zero', usd('0.00'), 'UNPROCESSABLE_ENTITY', 'AMOUNT_NOT_POSITIVE', '/amount/value'],
    ['a negative amount', usd('-5.00'), 'UNPROCESSABLE_ENTITY', 'AMOUNT_NOT_POSITIVE', '/amount/value'],
    ['three decimals', usd('1.001'), 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', '/amount/value'],
    ['a malformed value', usd('1.0.0'), 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', '/amount/value'],
  ] as const)('rejects %s', async (_label, amount, name, issue, field) => {
    const { captureId } = await newCapture('100.00');
    expectError(await refund(api, captureId, { amount }), name, { issue, field, location: 'body' });
    expect((await getCapture(api, captureId)).status).toBe('COMPLETED');
  });

  it.each([
    ['invoice_id', 127],
    ['custom_id', 127],
    ['note_to_payer', 255],
  ])('%s: %i characters are kept, one more is 400', async (field, max) => {
    const { captureId } = await newCapture('100.00');
    expectError(
      await refund(api, captureId, { amount: usd('1.00'), [field]: 'y'.repeat(max + 1) }),
      'INVALID_REQUEST',
      {
        issue: 'INVALID_STRING_MAX_LENGTH',
        field: `/${field}`,
        location: 'body',
      },
    );
    const ok = await refundOk(api, captureId, { amount: usd('1.00'), [field]: 'y'.repeat(max) });
    expect(ok[field]).toBe('y'.repeat(max));
  });

  it('201 then 200 with the same refund for a repeat with the same Svc-Request-Id; one refund only', async () => {
    const { orderId, captureId } = await newCapture('100.00');
    const key = requestId('refund');
    // The same request, sent twice.
    const send = () =>
      refund(
        api,
        captureId,
        { amount: usd('25.00') },
        { 'Svc-Request-Id': key, Prefer: 'return=representation' },
      );
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const repeat = await send();
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.body).toEqual(first.body);
    const order = await getOrder(api, orderId);
    expect(order.purchase_units[0].payments.refunds).toHaveLength(1);
    expect((await getCapture(api, captureId)).status).toBe('PARTIALLY_REFUNDED');
    // 75.00 is still refundable: the repeat did not refund again.
    expect((await refundOk(api, captureId)).amount).toEqual(usd('75.00'));
  });

  it('a repeat of the refund that emptied the capture answers 200, not CAPTURE_FULLY_REFUNDED', async () => {
    const { captureId } = await newCapture('100.00');
    await sentTwice((headers) => refund(api, captureId, undefined, headers), 'refund');
  });

  it('refunds a capture of a CAPTURE-intent order', async () => {
    const orderId = await createCardOrder(api, 'CAPTURE', '20.00');
    const order = await api.request('POST', `${ORDERS}/${orderId}/capture`, {
      headers: { 'Svc-Request-Id': requestId() },
    });
    expect(order.status, order.text).toBe(201);
    const captureId = order.body.purchase_units[0].payments.captures[0].id;
    const refunded = await refundOk(api, captureId, { amount: usd('5.00') });
    expect(refunded.supplementary_data.related_ids).toEqual({ order_id: orderId, capture_id: captureId });
    const shown = await getOrder(api, orderId);
    expect(shown.purchase_units[0].payments.refunds.map((r: { id: string }) => r.id)).toEqual([refunded.id]);
    expect(shown.purchase_units[0].payments.captures[0].status).toBe('PARTIALLY_REFUNDED');
  });

  it('GET /v2/payments/refunds/{id}: 404 unknown, 400 malformed', async () => {
    expectError(await api.request('GET', `${REFUNDS}/ABCDEFGHJKLMNPQRS`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${REFUNDS}/not-an-id`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'id',
      location: 'path',
    });
  });

  it('GET /v2/payments/captures/{id}: 404 unknown, 400 malformed; refund of an unknown capture 404', async () => {
    expectError(await api.request('GET', `${CAPTURES}/ABCDEFGHJKLMNPQRS`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${CAPTURES}/lower`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      location: 'path',
    });
    expectError(await refund(api, 'ABCDEFGHJKLMNPQRS'), 'RESOURCE_NOT_FOUND');
  });

  it('a refund needs the refund scope; a capture token alone gets 403', async () => {
    const { captureId } = await newCapture('100.00');
    const limited = await api.newToken(SCOPES.payments);
    expectError(
      await api.request('POST', `${CAPTURES}/${captureId}/refund`, { token: limited }),
      'NOT_AUTHORIZED',
      { issue: 'INSUFFICIENT_SCOPE' },
    );
    expect((await getCapture(api, captureId)).status).toBe('COMPLETED');
  });
});
