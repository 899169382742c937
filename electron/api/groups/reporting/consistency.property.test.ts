import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../../../shared/money.js';
import { CARD } from '../../../test-support/fixtures.js';
import {
  allEntries,
  balances,
  startReportingHarness,
  type Json,
  type ReportingHarness,
} from './reporting-test-kit.js';

/** One step of a random flow, driven through the real API. */
type Step =
  | { kind: 'capture-order'; currency: string; cents: number }
  | { kind: 'authorize'; currency: string; cents: number }
  | { kind: 'capture-auth'; pick: number; share: number; final: boolean }
  | { kind: 'void'; pick: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'wait'; seconds: number };

const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD'] as const;
const value = (cents: number, currency: string) =>
  currency === 'JPY'
    ? String(cents)
    : currency === 'KWD'
      ? (cents / 1000).toFixed(3)
      : (cents / 100).toFixed(2);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('capture-order' as const),
    currency: fc.constantFrom(...CURRENCIES),
    cents: fc.integer({ min: 1, max: 500_000 }),
  }),
  fc.record({
    kind: fc.constant('authorize' as const),
    currency: fc.constantFrom(...CURRENCIES),
    cents: fc.integer({ min: 2, max: 500_000 }),
  }),
  fc.record({
    kind: fc.constant('capture-auth' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
    final: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 7200 }) }),
);

const minor = (money: { currency_code: string; value: string }) => toMinor(money.value, money.currency_code);

async function run(api: ReportingHarness, steps: Step[]): Promise<void> {
  const authorizations: { id: string; currency: string }[] = [];
  const captures: { id: string; currency: string }[] = [];
  for (const s of steps) {
    if (s.kind === 'capture-order' || s.kind === 'authorize') {
      const intent = s.kind === 'capture-order' ? 'CAPTURE' : 'AUTHORIZE';
      const order = await api.createOrder(
        {
          intent,
          purchase_units: [{ amount: { currency_code: s.currency, value: value(s.cents, s.currency) } }],
          payment_source: CARD,
        },
        { 'Svc-Request-Id': `p-${Math.random()}` },
      );
      expect(order.status, order.text).toBe(201);
      const done = await api.request(
        'POST',
        `/v2/checkout/orders/${order.body.id}/${intent === 'CAPTURE' ? 'capture' : 'authorize'}`,
      );
      expect(done.status, done.text).toBe(201);
      const payments = done.body.purchase_units[0].payments;
      if (intent === 'CAPTURE') captures.push({ id: payments.captures[0].id, currency: s.currency });
      else authorizations.push({ id: payments.authorizations[0].id, currency: s.currency });
    } else if (s.kind === 'capture-auth' && authorizations.length > 0) {
      const auth = authorizations[s.pick % authorizations.length] ?? authorizations[0];
      const shown = (await api.request('GET', `/v2/payments/authorizations/${auth?.id}`)).body;
      const captured = await api.request(
        'GET',
        `/v2/checkout/orders/${shown.supplementary_data.related_ids.order_id}`,
      );
      const already = (captured.body.purchase_units[0].payments.captures ?? []).reduce(
        (t: bigint, c: Json) => t + minor(c.amount),
        0n,
      );
      const left = minor(shown.amount) - already;
      const amount = (left * BigInt(s.share)) / 100n;
      const reply = await api.request('POST', `/v2/payments/authorizations/${auth?.id}/capture`, {
        body: {
          ...(amount > 0n
            ? {
                amount: {
                  currency_code: auth?.currency,
                  value: value(Number(amount), auth?.currency ?? 'USD'),
                },
              }
            : {}),
          final_capture: s.final,
        },
        headers: { Prefer: 'return=representation' },
      });
      if (reply.status === 201) captures.push({ id: reply.body.id, currency: auth?.currency ?? 'USD' });
      else expect(reply.status, reply.text).toBe(422);
    } else if (s.kind === 'void' && authorizations.length > 0) {
      const auth = authorizations[s.pick % authorizations.length];
      const reply = await api.request('POST', `/v2/payments/authorizations/${auth?.id}/void`);
      expect([204, 422], reply.text).toContain(reply.status);
    } else if (s.kind === 'refund' && captures.length > 0) {
      const capture = captures[s.pick % captures.length];
      const shown = (await api.request('GET', `/v2/payments/captures/${capture?.id}`)).body;
      // A share of the captured amount: more than what remains is refused (422), which the flow allows.
      const amount = (minor(shown.amount) * BigInt(s.share)) / 100n;
      const reply = await api.request('POST', `/v2/payments/captures/${capture?.id}/refund`, {
        ...(s.share === 100 || amount === 0n
          ? {}
          : {
              body: {
                amount: {
                  currency_code: capture?.currency,
                  value: value(Number(amount), capture?.currency ?? 'USD'),
                },
              },
            }),
      });
      expect([201, 422], reply.text).toContain(reply.status);
    } else if (s.kind === 'wait') {
      await api.advance(s.seconds);
    }
  }
}

/**
 * Reporting reads only the ledger, so whatever the flow, every capture and refund the API shows agrees to
 * the minor unit with its ledger entry in the search, and the balances equal the sum of the ledger.
 */
describe('reporting consistency', () => {
  it('balances equal the sum of the ledger, and every capture and refund matches its entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const api = await startReportingHarness();
        try {
          await run(api, steps);
          const window = {
            start_date: new Date(api.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            end_date: new Date(api.now() + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          };
          const entries = (
            await allEntries(api, { ...window, fields: 'all', balance_affecting_records_only: 'N' })
          ).map((e: Json) => e.transaction_info);
          const ledgerSum = new Map<string, bigint>();
          for (const e of entries) {
            if (e.transaction_event_code.startsWith('T13')) continue; // memos move no money
            const currency = e.transaction_amount.currency_code;
            ledgerSum.set(
              currency,
              (ledgerSum.get(currency) ?? 0n) +
                minor(e.transaction_amount) +
                (e.fee_amount ? minor(e.fee_amount) : 0n),
            );
          }
          const body = await balances(api);
          const shown = new Map<string, bigint>(
            body.balances.map((b: Json) => [b.currency, minor(b.total_balance)]),
          );
          for (const currency of new Set([...ledgerSum.keys(), ...shown.keys()])) {
            expect(shown.get(currency) ?? 0n, currency).toBe(ledgerSum.get(currency) ?? 0n);
          }
          // Every capture and refund of the API against its own entry.
          const apiNet = new Map<string, bigint>();
          const add = (currency: string, amount: bigint) =>
            apiNet.set(currency, (apiNet.get(currency) ?? 0n) + amount);
          for (const e of entries.filter((x: Json) => x.transaction_event_code === 'T0006')) {
            const capture = (await api.request('GET', `/v2/payments/captures/${e.transaction_id}`)).body;
            expect(minor(e.transaction_amount)).toBe(minor(capture.amount));
            expect(minor(e.fee_amount)).toBe(-minor(capture.seller_receivable_breakdown.svc_fee));
            expect(e.transaction_status).toBe(capture.status === 'REFUNDED' ? 'V' : 'S');
            add(capture.amount.currency_code, minor(capture.seller_receivable_breakdown.net_amount));
          }
          for (const e of entries.filter((x: Json) => x.transaction_event_code === 'T1107')) {
            const refund = (await api.request('GET', `/v2/payments/refunds/${e.transaction_id}`)).body;
            expect(minor(e.transaction_amount)).toBe(-minor(refund.amount));
            expect(e.fee_amount ? minor(e.fee_amount) : 0n).toBe(
              minor(refund.seller_payable_breakdown.svc_fee),
            );
            add(refund.amount.currency_code, -minor(refund.seller_payable_breakdown.net_amount));
          }
          // The API's own numbers (net of every capture minus net of every refund) give the same balance.
          for (const currency of new Set([...ledgerSum.keys(), ...apiNet.keys()])) {
            expect(apiNet.get(currency) ?? 0n, currency).toBe(ledgerSum.get(currency) ?? 0n);
          }
        } finally {
          await api.close();
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
