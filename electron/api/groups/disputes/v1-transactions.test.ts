import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import type { ResourceDetail } from '../../../../shared/bridge.js';
import { DAY } from '../../../clock.js';
import { MemoryVault } from '../../../host/vault.js';
import { WorkbenchService } from '../../../host/workbench-service.js';
import { getJson } from '../payments-v2/payments-test-kit.js';
import {
  act,
  advance,
  balanceMinor,
  DISPUTES,
  getDispute,
  OPEN,
  openDispute,
  startDisputesHarness,
  TRANSACTIONS,
  v1Capture,
  v1Sale,
  type Json,
} from './disputes-test-kit.js';

const api = harnessPerTest(startDisputesHarness);

const cents = (value: string): bigint => BigInt(value.replace('.', ''));

/** The refunds v1 shows on the payment (`related_resources`), each with what it took from the seller. */
async function refundsOf(paymentId: string): Promise<{ total: string; net: string; id: string }[]> {
  const payment = await getJson(api, `/v1/payments/payment/${paymentId}`);
  return (payment.transactions[0].related_resources as Json[])
    .filter((r) => r.refund)
    .map((r) => ({
      id: r.refund.id as string,
      total: r.refund.amount.total as string,
      net: r.refund.refund_from_received_amount.value as string,
    }));
}

/** Reporting's ledger lines between two dates (each test's sandbox holds one payment), by event code. */
async function reportedCodes(
  start = '2026-05-10T00:00:00Z',
  end = '2026-05-31T00:00:00Z',
): Promise<Map<string, string[]>> {
  const reply = await api.request(
    'GET',
    `${TRANSACTIONS}?start_date=${start}&end_date=${end}&fields=all&page_size=100`,
  );
  expect(reply.status, reply.text).toBe(200);
  const codes = new Map<string, string[]>();
  for (const t of reply.body.transaction_details as {
    transaction_info: { transaction_event_code: string; transaction_amount: { value: string } };
  }[]) {
    const code = t.transaction_info.transaction_event_code;
    codes.set(code, [...(codes.get(code) ?? []), t.transaction_info.transaction_amount.value]);
  }
  return codes;
}

describe('a dispute of a payments v1 sale', () => {
  it('opens on the sale, holds it, and an accepted offer refunds the sale', async () => {
    const { paymentId, saleId } = await v1Sale(api, '100.00');
    const start = await balanceMinor(api);
    const opened = await openDispute(api, saleId, { reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' });
    expect(opened.disputed_transactions[0]).toMatchObject({
      seller_transaction_id: saleId,
      transaction_status: 'COMPLETED',
      gross_amount: { currency_code: 'USD', value: '100.00' },
    });
    expect(await balanceMinor(api)).toBe(start - 10000n);
    const id = opened.dispute_id as string;

    // The list finds it by the sale's id.
    const listed = await getJson(api, `${DISPUTES}?disputed_transaction_id=${saleId}`);
    expect((listed.items as Json[]).map((d) => d.dispute_id)).toEqual([id]);

    await act(api, id, 'make-offer', {
      note: 'Part back',
      offer_type: 'REFUND',
      offer_amount: { currency_code: 'USD', value: '40.00' },
    });
    const resolved = await act(api, id, 'accept-offer', {});
    expect(resolved.status).toBe('RESOLVED');
    expect(resolved.dispute_outcome.amount_refunded).toEqual({ currency_code: 'USD', value: '40.00' });

    const sale = await getJson(api, `/v1/payments/sale/${saleId}`);
    expect(sale.state).toBe('partially_refunded');
    const refunds = await refundsOf(paymentId);
    expect(refunds.map((r) => r.total)).toEqual(['40.00']);
    // The hold is back; the refund took its net from the seller.
    expect(await balanceMinor(api)).toBe(start - cents(refunds[0]!.net));
    const codes = await reportedCodes();
    expect(codes.get('T1110')).toEqual(['-100.00']);
    expect(codes.get('T1111')).toEqual(['100.00']);
    expect(codes.get('T1107')).toEqual(['-40.00']);
  });

  it('evidence then a decision for the seller releases the hold and leaves the sale whole', async () => {
    const { paymentId, saleId } = await v1Sale(api, '60.00');
    const start = await balanceMinor(api);
    const { dispute_id: id } = await openDispute(api, saleId);
    await act(api, id, 'escalate', { note: 'No agreement.' });
    await act(api, id, 'provide-evidence', {
      evidences: [{ evidence_type: 'PROOF_OF_FULFILLMENT', notes: 'Delivered.' }],
    });
    const decided = await act(api, id, 'adjudicate', { adjudication_outcome: 'SELLER_FAVOR' });
    expect(decided.dispute_outcome).toEqual({ outcome_code: 'RESOLVED_SELLER_FAVOUR' });
    expect((await getJson(api, `/v1/payments/sale/${saleId}`)).state).toBe('completed');
    expect(await refundsOf(paymentId)).toEqual([]);
    expect(await balanceMinor(api)).toBe(start);
    const codes = await reportedCodes();
    expect(codes.get('T1110')).toEqual(['-60.00']);
    expect(codes.get('T1111')).toEqual(['60.00']);
    expect(codes.has('T1107')).toBe(false);
  });

  it('with no answer by the due dates, the claim is decided for the buyer and the sale refunded (T1106)', async () => {
    const { paymentId, saleId } = await v1Sale(api, '30.00');
    const start = await balanceMinor(api);
    const { dispute_id: id } = await openDispute(api, saleId);
    await advance(api, 20 * DAY);
    expect((await getDispute(api, id)).dispute_life_cycle_stage).toBe('CHARGEBACK');
    await advance(api, 10 * DAY);
    const lost = await getDispute(api, id);
    expect(lost.dispute_outcome).toEqual({
      outcome_code: 'RESOLVED_BUYER_FAVOUR',
      amount_refunded: { currency_code: 'USD', value: '30.00' },
    });
    expect((await getJson(api, `/v1/payments/sale/${saleId}`)).state).toBe('refunded');
    const refunds = await refundsOf(paymentId);
    expect(refunds.map((r) => r.total)).toEqual(['30.00']);
    expect(await balanceMinor(api)).toBe(start - cents(refunds[0]!.net));
    const codes = await reportedCodes('2026-06-01T00:00:00Z', '2026-06-20T00:00:00Z');
    expect(codes.get('T1106')).toEqual(['-30.00']);
    expect(codes.has('T1107')).toBe(false);
  });

  it('refuses a fully refunded sale and more than is left of it, in the error format', async () => {
    const { saleId } = await v1Sale(api, '20.00');
    const partial = await api.request('POST', `/v1/payments/sale/${saleId}/refund`, {
      body: { amount: { total: '15.00', currency: 'USD' } },
    });
    expect(partial.status, partial.text).toBe(201);
    const tooMuch = await api.request('POST', OPEN, {
      body: { disputed_transaction_id: saleId, amount: { currency_code: 'USD', value: '5.01' } },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0]).toMatchObject({ issue: 'DISPUTE_AMOUNT_EXCEEDS_AVAILABLE' });
    await openDispute(api, saleId, { amount: { currency_code: 'USD', value: '5.00' } });
    const none = await api.request('POST', OPEN, { body: { disputed_transaction_id: saleId } });
    expect(none.status).toBe(422);
    expect(none.body.details[0]).toMatchObject({ issue: 'DISPUTE_AMOUNT_EXCEEDS_AVAILABLE' });

    const { saleId: refunded } = await v1Sale(api, '10.00');
    const whole = await api.request('POST', `/v1/payments/sale/${refunded}/refund`, { body: {} });
    expect(whole.status, whole.text).toBe(201);
    const reply = await api.request('POST', OPEN, { body: { disputed_transaction_id: refunded } });
    expect(reply.status).toBe(422);
    expect(reply.body.details[0]).toMatchObject({
      issue: 'TRANSACTION_NOT_DISPUTABLE',
      field: '/disputed_transaction_id',
    });
  });

  it('joins the v1 payment lineage: the workbench shows the payment as its root and the sale beside it', async () => {
    const { paymentId, saleId } = await v1Sale(api, '12.00');
    const { dispute_id: id } = await openDispute(api, saleId);
    const service = new WorkbenchService(api.host, {
      mode: 'browser',
      version: 'test',
      vault: new MemoryVault(),
      embeddedBaseUrl: 'http://127.0.0.1',
    });
    const detail = (await service.call('getResource', { kind: 'dispute', id })) as ResourceDetail;
    expect(detail.summary.root).toEqual({ kind: 'payment-v1', id: paymentId });
    expect(detail.related.map((r) => `${r.kind}:${r.id}`)).toEqual(
      expect.arrayContaining([`payment-v1:${paymentId}`, `sale-v1:${saleId}`]),
    );
    const found = (await service.call('lookupId', { id })) as { root: { kind: string; id: string } | null };
    expect(found.root).toMatchObject({ kind: 'payment-v1', id: paymentId });
  });
});

describe('a dispute of a payments v1 capture of an authorization', () => {
  it('an accepted claim refunds the capture through payments v1', async () => {
    const { paymentId, captureId } = await v1Capture(api, '25.00');
    const start = await balanceMinor(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    await act(api, id, 'escalate', { note: 'Claim.' });
    const accepted = await act(api, id, 'accept-claim', { note: 'Sorry.' });
    expect(accepted.dispute_outcome.amount_refunded).toEqual({ currency_code: 'USD', value: '25.00' });
    expect((await getJson(api, `/v1/payments/capture/${captureId}`)).state).toBe('refunded');
    const refunds = await refundsOf(paymentId);
    expect(refunds.map((r) => r.total)).toEqual(['25.00']);
    expect(await balanceMinor(api)).toBe(start - cents(refunds[0]!.net));
  });
});
