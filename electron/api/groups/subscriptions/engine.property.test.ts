import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectSchedule } from '../../../../shared/billing/schedule.js';
import { toMinor } from '../../../../shared/money.js';
import {
  activeSubscription,
  advance,
  buyerBalance,
  cycle,
  DAY_SECONDS,
  getSubscription,
  HELPERS,
  ledgerOf,
  salesOf,
  setPayer,
  startBillingHarness,
} from './subscriptions-test-kit.js';

const START = '2026-05-15T12:00:00Z';

const tenure = (tenureType: 'TRIAL' | 'REGULAR') =>
  fc.record({
    unit: fc.constantFrom('DAY', 'WEEK', 'MONTH') as fc.Arbitrary<'DAY' | 'WEEK' | 'MONTH'>,
    count: fc.integer({ min: 1, max: 3 }),
    total: tenureType === 'TRIAL' ? fc.integer({ min: 1, max: 3 }) : fc.integer({ min: 0, max: 8 }),
    cents: fc.integer({ min: tenureType === 'TRIAL' ? 0 : 1, max: 5000 }),
  });

const planArb = fc.record({
  trials: fc.array(tenure('TRIAL'), { maxLength: 2 }),
  regular: tenure('REGULAR'),
  tax: fc.option(fc.record({ percentage: fc.constantFrom('5', '8.25', '19.6'), inclusive: fc.boolean() }), {
    nil: undefined,
  }),
  quantity: fc.integer({ min: 1, max: 4 }),
});

type GeneratedPlan = typeof planArb extends fc.Arbitrary<infer T> ? T : never;

const money = (cents: number) => (cents / 100).toFixed(2);

/** A plan from the generated tenures (at most one free trial, as the rules require). */
function planOf(p: GeneratedPlan) {
  let freeSeen = false;
  const trials = p.trials.map((t) => {
    const free = t.cents === 0 && !freeSeen;
    if (t.cents === 0) freeSeen = true;
    return { ...t, cents: t.cents === 0 && !free ? 1 : t.cents };
  });
  const cycles = [
    ...trials.map((t, i) =>
      cycle(i + 1, {
        tenure: 'TRIAL',
        unit: t.unit,
        count: t.count,
        total: t.total,
        ...(t.cents > 0 ? { price: money(t.cents) } : {}),
      }),
    ),
    cycle(trials.length + 1, {
      unit: p.regular.unit,
      count: p.regular.count,
      total: p.regular.total,
      price: money(p.regular.cents),
    }),
  ];
  return {
    billing_cycles: cycles,
    quantity_supported: true,
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 0 },
    ...(p.tax ? { taxes: p.tax } : {}),
  };
}

describe('the billing engine, as properties', () => {
  it('bills exactly the projected cycles, in order, at the projected amounts, whatever the clock steps', async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        fc.array(fc.integer({ min: 1, max: 45 }), { minLength: 1, maxLength: 8 }),
        async (p, steps) => {
          const api = await startBillingHarness();
          try {
            await setPayer(api, {
              email_address: 'buyer@example.com',
              wallet_balance: { currency_code: 'USD', value: '1000000.00' },
            });
            const plan = planOf(p);
            const { id } = await activeSubscription(api, plan, { quantity: String(p.quantity) });
            for (const days of steps) await advance(api, days * DAY_SECONDS);
            const now = api.host.deps.clock.now();
            const projection = projectSchedule(plan as never, {
              start: START,
              limit: 500,
              quantity: p.quantity,
            });
            const due = projection.cycles.filter((c) => Date.parse(c.billing_time) <= now && c.charge);
            const billed = salesOf(api, id).filter((s) => s.internal.purpose === 'CYCLE');
            expect(billed.map((s) => s.body.time)).toEqual(due.map((c) => c.billing_time));
            expect(billed.map((s) => s.body.amount_with_breakdown.gross_amount.value)).toEqual(
              due.map((c) => c.charge?.total.value),
            );
            const shown = await getSubscription(api, id);
            const ended = projection.endTime !== undefined && Date.parse(projection.endTime) <= now;
            expect(shown.status).toBe(ended ? 'EXPIRED' : 'ACTIVE');
            // The ledger holds every sale to the cent, and the wallet paid exactly that.
            const ledger = ledgerOf(api, id).reduce((sum, e) => sum + e.amount, 0n);
            const paid = billed.reduce(
              (sum, s) => sum + toMinor(s.body.amount_with_breakdown.gross_amount.value, 'USD'),
              0n,
            );
            expect(ledger).toBe(paid);
            expect(toMinor(await buyerBalance(api), 'USD')).toBe(100_000_000n - paid);
          } finally {
            await api.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('never loses a cent to failures: paid plus outstanding is what the cycles charged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ days: fc.integer({ min: 1, max: 40 }), failures: fc.integer({ min: 0, max: 3 }) }),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          const api = await startBillingHarness();
          try {
            const { id } = await activeSubscription(api, {
              billing_cycles: [cycle(1, { unit: 'MONTH', total: 0, price: '9.99' })],
              payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 0 },
              taxes: { percentage: '8.25', inclusive: false },
            });
            for (const step of steps) {
              if (step.failures > 0) {
                await api.request('POST', `${HELPERS}/subscriptions/${id}/fail-next-payment`, {
                  body: { count: step.failures },
                });
              }
              await advance(api, step.days * DAY_SECONDS);
            }
            const shown = await getSubscription(api, id);
            const cycles = shown.billing_info.cycle_executions[0].cycles_completed as number;
            const completed = salesOf(api, id).filter((s) => s.status === 'COMPLETED');
            const paid = completed.reduce((sum, s) => sum + BigInt(s.internal.gross_minor), 0n);
            const outstanding = toMinor(shown.billing_info.outstanding_balance.value, 'USD');
            // 9.99 + 8.25% tax = 10.81 a cycle.
            expect(paid + outstanding).toBe(BigInt(cycles) * 1081n);
            expect(ledgerOf(api, id).reduce((sum, e) => sum + e.amount, 0n)).toBe(paid);
          } finally {
            await api.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
