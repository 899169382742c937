import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_BUYER } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import {
  DAY_SECONDS,
  FUND,
  ITEMS,
  advance,
  batchBody,
  createOk,
  fund,
  getBatch,
  payoutItem,
  settle,
  startPayoutsHarness,
  totalBalance,
  transactionsBetween,
  type Json,
} from './payouts-test-kit.js';

const cents = (value: string): number => Math.round(Number(value) * 100);

describe('payouts in the ledger: transaction search and balances agree to the cent', () => {
  const api = harnessPerTest(startPayoutsHarness);

  it('writes T0001 for each paid item (fee included), T1115 for a refund, T1114 for a cancel and a 30-day return', async () => {
    await fund(api, '1000.00');
    const batchId = await createOk(
      api,
      batchBody([
        payoutItem(SEED_BUYER.email, { value: '100.00', sender_item_id: 'paid', note: 'Commission' }), // fee 2.00
        payoutItem('returns.later@example.org', { value: '50.00' }), // fee 1.00, returned after 30 days
        payoutItem('refunded@example.org', { value: '30.00' }), // fee 0.60, kept
        payoutItem('failed@example.org', { value: '40.00' }), // nothing
        payoutItem('held@example.org', { value: '10.00' }), // fee 0.25
        payoutItem('cancelled@example.org', { value: '1.00' }), // fee 0.25, cancelled
      ]),
    );
    await settle(api);
    const items = (await getBatch(api, batchId)).items as Json[];
    const cancel = await api.request('POST', `${ITEMS}/${items[5].payout_item_id}/cancel`);
    expect(cancel.status).toBe(200);
    await advance(api, 30 * DAY_SECONDS);

    const entries = await transactionsBetween(
      api,
      FIXED_NOW - 3600_000,
      FIXED_NOW + 30 * 86_400_000 + 3600_000,
    );
    const rows = entries.map((e) => e.transaction_info as Json);
    const byCode = (code: string) => rows.filter((r) => r.transaction_event_code === code);
    expect(byCode('T0300').map((r) => r.transaction_amount.value)).toEqual(['1000.00']);

    const payments = byCode('T0001');
    expect(
      payments.map((r) => [r.transaction_amount.value, r.fee_amount?.value, r.transaction_status]),
    ).toEqual([
      ['-100.00', '-2.00', 'S'],
      ['-50.00', '-1.00', 'V'],
      ['-30.00', '-0.60', 'V'],
      ['-10.00', '-0.25', 'S'],
      ['-1.00', '-0.25', 'V'],
    ]);
    // The search finds a payout by its item's transaction id; the sender_item_id and note come along.
    expect(payments[0]).toMatchObject({
      transaction_id: items[0].transaction_id,
      custom_field: 'paid',
      transaction_subject: 'Commission',
    });
    expect(byCode('T1115').map((r) => [r.transaction_amount.value, r.fee_amount?.value])).toEqual([
      ['30.00', undefined],
    ]);
    expect(byCode('T1114').map((r) => [r.transaction_amount.value, r.fee_amount.value])).toEqual([
      ['1.00', '0.25'],
      ['50.00', '1.00'],
    ]);
    expect(rows).toHaveLength(1 + 5 + 1 + 2);

    // 1000.00 - 100.00 - 2.00 - 0.60 (the refund keeps its fee) - 10.00 - 0.25.
    const expected = '887.15';
    const sum = rows.reduce(
      (total, r) => total + cents(r.transaction_amount.value) + cents(r.fee_amount?.value ?? '0'),
      0,
    );
    expect((sum / 100).toFixed(2)).toBe(expected);
    expect(await totalBalance(api)).toBe(expected);
  });

  it('credits a sandbox receiver: a payout to the buyer arrives in its balance, the fee stays with the sender', async () => {
    await fund(api, '500.00');
    const wallet = () => api.host.services.ledger.wallets.balance(SEED_BUYER.id, 'USD');
    const before = wallet();
    await createOk(api, batchBody([payoutItem(SEED_BUYER.email, { value: '120.00' })]));
    await settle(api);
    expect(wallet() - before).toBe(12_000n);
    // An unknown receiver (UNCLAIMED) has no account to credit: only the sender's line is written.
    await createOk(api, batchBody([payoutItem('nobody.yet@example.org', { value: '5.00' })]));
    await settle(api);
    expect(wallet() - before).toBe(12_000n);
  });

  it('ending balances of an unfiltered search run into the balance', async () => {
    await fund(api, '500.00');
    await createOk(
      api,
      batchBody([
        payoutItem(SEED_BUYER.email, { value: '123.45' }),
        payoutItem('x@example.org', { value: '0.99' }),
      ]),
    );
    await settle(api);
    const entries = await transactionsBetween(api, FIXED_NOW - 3600_000, FIXED_NOW + 3600_000);
    const last = entries.at(-1)?.transaction_info as Json;
    // 500.00 - 123.45 - 2.47 - 0.99 - 0.25.
    expect(last.ending_balance.value).toBe('372.84');
    expect(await totalBalance(api)).toBe('372.84');
  });

  it('the funding helper deposits into the merchant balance (T0300) and refuses amounts it cannot take', async () => {
    const first = await fund(api, '250.00');
    expect(first).toMatchObject({
      amount: { currency: 'USD', value: '250.00' },
      balance: { currency: 'USD', value: '250.00' },
      transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
    });
    expect((await fund(api, '0.01')).balance.value).toBe('250.01');
    const refuse = async (amount: unknown, issue: Parameters<typeof expectError>[2]) =>
      expectError(await api.request('POST', FUND, { body: { amount } }), 'INVALID_REQUEST', issue);
    await refuse(
      { currency: 'XXX', value: '1.00' },
      { issue: 'CURRENCY_NOT_SUPPORTED', field: '/amount/currency' },
    );
    await refuse({ currency: 'USD', value: '1.001' }, { issue: 'DECIMAL_PRECISION', field: '/amount/value' });
    await refuse({ currency: 'USD', value: '0' }, { issue: 'AMOUNT_NOT_POSITIVE', field: '/amount/value' });
    expect(await totalBalance(api)).toBe('250.01');
  });
});
