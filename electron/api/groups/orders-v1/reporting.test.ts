import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allEntries,
  capturedOrder,
  startReportingHarness,
  totalBalance,
  type ReportingHarness,
} from '../reporting/reporting-test-kit.js';
import { approveV1, createV1, ORDERS_V1, pay, v1Order } from './orders-v1-test-kit.js';

/** Orders v1 money goes through the ledger Orders v2 writes: search and balances show both alike. */
let api: ReportingHarness;
beforeEach(async () => {
  api = await startReportingHarness();
});
afterEach(async () => api.close());

async function paidV1(disbursement: 'INSTANT' | 'DELAYED') {
  const [unit] = v1Order().purchase_units;
  const { partner_fee_details: _none, ...noFee } = unit as Record<string, unknown>;
  const order = await createV1(api, v1Order({ purchase_units: [noFee] }));
  await approveV1(api, order.id);
  expect((await pay(api, order.id, { disbursement_mode: disbursement })).status).toBe(200);
  const shown = (await api.request('GET', `${ORDERS_V1}/${order.id}`)).body;
  return {
    orderId: order.id,
    transactionId: shown.purchase_units[0].payment_summary.captures[0].id as string,
  };
}

describe('transaction search and balances', () => {
  it('show a v1 sale as they show a v2 capture of the same amount', async () => {
    const v1 = await paidV1('INSTANT');
    const v2 = await capturedOrder(api, { value: '12.00' });
    await api.advance(3 * 3600 + 1);
    const [v1Entry] = await allEntries(api, { transaction_id: v1.transactionId, fields: 'all' });
    const [v2Entry] = await allEntries(api, { transaction_id: v2.capture.id, fields: 'all' });
    for (const entry of [v1Entry, v2Entry]) {
      expect(entry.transaction_info).toMatchObject({
        transaction_event_code: 'T0006',
        transaction_status: 'S',
        transaction_amount: { currency_code: 'USD', value: '12.00' },
        fee_amount: { currency_code: 'USD', value: '-0.91' },
      });
    }
    expect(v1Entry.transaction_info.invoice_id).toBe('INV-1');
    expect(v1Entry.payer_info.email_address).toBe('buyer@example.com');
    expect(v1Entry.cart_info.item_details[0]).toMatchObject({ item_name: 'NeoPhone', item_quantity: '2' });
    // Two 12.00 payments less two 0.91 fees.
    expect(await totalBalance(api)).toBe('22.18');
  });

  it('search shows a DELAYED sale pending (P) until it is disbursed', async () => {
    const v1 = await paidV1('DELAYED');
    await api.advance(3 * 3600 + 1);
    let [entry] = await allEntries(api, { transaction_id: v1.transactionId });
    expect(entry.transaction_info.transaction_status).toBe('P');
    const reply = await api.request('POST', `${ORDERS_V1}/${v1.orderId}/disburse`);
    expect(reply.status, reply.text).toBe(200);
    [entry] = await allEntries(api, { transaction_id: v1.transactionId });
    expect(entry.transaction_info.transaction_status).toBe('S');
  });
});
