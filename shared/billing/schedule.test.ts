import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinor } from '../money';
import {
  addInterval,
  cycleCharge,
  describeCycle,
  describeFrequency,
  describeSchedule,
  INTERVAL_UNITS,
  projectSchedule,
  type Frequency,
  type IntervalUnit,
  type ScheduleCycle,
  type SchedulePlan,
} from './schedule';

const usd = (value: string) => ({ currency_code: 'USD', value });
const monthly: Frequency = { interval_unit: 'MONTH', interval_count: 1 };

const freeMonth: ScheduleCycle = { tenure_type: 'TRIAL', sequence: 1, total_cycles: 1, frequency: monthly };
const twelveMonths: ScheduleCycle = {
  tenure_type: 'REGULAR',
  sequence: 2,
  total_cycles: 12,
  frequency: monthly,
  pricing_scheme: { fixed_price: usd('10') },
};

describe('the schedule in words', () => {
  it('says the example of the issue', () => {
    expect(describeSchedule({ billing_cycles: [twelveMonths, freeMonth] }).text).toBe(
      '1 month free, then 12 x 10.00 USD monthly',
    );
  });

  it('names frequencies', () => {
    const cases: [IntervalUnit, number, string][] = [
      ['DAY', 1, 'daily'],
      ['WEEK', 1, 'weekly'],
      ['MONTH', 1, 'monthly'],
      ['YEAR', 1, 'yearly'],
      ['WEEK', 2, 'every 2 weeks'],
      ['MONTH', 3, 'every 3 months'],
      ['DAY', 10, 'every 10 days'],
    ];
    for (const [unit, count, words] of cases)
      expect(describeFrequency({ interval_unit: unit, interval_count: count })).toBe(words);
  });

  it('describes each kind of cycle', () => {
    const weeks: Frequency = { interval_unit: 'WEEK', interval_count: 2 };
    expect(describeCycle({ ...freeMonth, total_cycles: 2, frequency: weeks })).toBe('4 weeks free');
    expect(describeCycle({ ...freeMonth, pricing_scheme: { fixed_price: usd('0.00') } })).toBe(
      '1 month free',
    );
    expect(describeCycle({ ...freeMonth, total_cycles: 3, pricing_scheme: { fixed_price: usd('5') } })).toBe(
      '3 x 5.00 USD monthly (trial)',
    );
    expect(describeCycle({ ...twelveMonths, total_cycles: 0 })).toBe('10.00 USD monthly until cancelled');
    expect(describeCycle({ ...twelveMonths, frequency: weeks, total_cycles: 0 })).toBe(
      '10.00 USD every 2 weeks until cancelled',
    );
    expect(
      describeCycle({
        ...twelveMonths,
        pricing_scheme: { fixed_price: { currency_code: 'JPY', value: '500' } },
      }),
    ).toBe('12 x 500 JPY monthly');
    expect(describeCycle({ ...twelveMonths, pricing_scheme: undefined, total_cycles: 0 })).toBe(
      'free until cancelled',
    );
  });

  it('puts the setup fee first and the tax last', () => {
    const plan: SchedulePlan = {
      billing_cycles: [freeMonth, { ...twelveMonths, total_cycles: 0 }],
      payment_preferences: { setup_fee: usd('25') },
      taxes: { percentage: '8.25', inclusive: false },
    };
    expect(describeSchedule({ ...plan, taxes: { percentage: '7' } }).taxes).toBe('7% tax included');
    const described = describeSchedule(plan);
    expect(described.text).toBe(
      '25.00 USD setup fee, then 1 month free, then 10.00 USD monthly until cancelled (8.25% tax added)',
    );
    expect(described.setupFee).toBe('25.00 USD setup fee');
    // A fee typed wrong is no fee in the words (the form says what is wrong with it).
    const typo = describeSchedule({ ...plan, payment_preferences: { setup_fee: usd('abc') } });
    expect(typo.setupFee).toBeUndefined();
    expect(typo.text).not.toContain('abc');
    expect(described.cycles).toEqual(['1 month free', '10.00 USD monthly until cancelled']);
    expect(describeSchedule({ ...plan, taxes: { percentage: '10', inclusive: true } }).taxes).toBe(
      '10% tax included',
    );
  });

  it('leaves out a zero setup fee and a zero tax, and shows a draft amount as typed', () => {
    const plan: SchedulePlan = {
      billing_cycles: [{ ...twelveMonths, pricing_scheme: { fixed_price: usd('1.5x') } }],
      payment_preferences: { setup_fee: usd('0') },
      taxes: { percentage: '0' },
    };
    expect(describeSchedule(plan).text).toBe('12 x 1.5x USD monthly');
    expect(describeSchedule({ billing_cycles: [] }).text).toBe('No billing cycles');
  });
});

describe('charges', () => {
  it('adds an exclusive tax, rounded half away from zero', () => {
    expect(cycleCharge(usd('10.00'), { percentage: '8.25', inclusive: false })).toEqual({
      price: usd('10.00'),
      tax: usd('0.83'),
      total: usd('10.83'),
    });
  });

  it('finds the tax inside an inclusive price, inclusive being the default', () => {
    // 11.00 with 10% included: 10.00 net and 1.00 tax.
    expect(cycleCharge(usd('11.00'), { percentage: '10' })).toEqual({
      price: usd('11.00'),
      tax: usd('1.00'),
      total: usd('11.00'),
    });
  });

  it('multiplies by the quantity before taxing', () => {
    expect(cycleCharge(usd('0.05'), { percentage: '10', inclusive: false }, 3).total).toEqual(usd('0.17'));
    expect(
      cycleCharge({ currency_code: 'JPY', value: '999' }, { percentage: '10', inclusive: false }).total,
    ).toEqual({
      currency_code: 'JPY',
      value: '1099',
    });
  });

  it('refuses a tax that is not a percentage', () => {
    expect(() => cycleCharge(usd('1'), { percentage: 'ten' })).toThrow(/tax percentage/);
    expect(() => cycleCharge(usd('1'), { percentage: '100.5' })).toThrow(/tax percentage/);
  });

  it('property: total = price + tax (added) or total = price (included), tax never exceeds price', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 50 }),
        (cents, basisPoints, inclusive, quantity) => {
          const percentage = (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '') || '0';
          const price = usd((Number(cents) / 100).toFixed(2));
          const charge = cycleCharge(price, { percentage, inclusive }, quantity);
          const base = toMinor(charge.price.value, 'USD');
          const tax = toMinor(charge.tax.value, 'USD');
          const total = toMinor(charge.total.value, 'USD');
          expect(base).toBe(cents * BigInt(quantity));
          expect(total).toBe(inclusive ? base : base + tax);
          expect(tax >= 0n && tax <= base).toBe(true);
        },
      ),
    );
  });
});

describe('calendar steps', () => {
  const at = (iso: string) => new Date(iso);
  const iso = (date: Date) => date.toISOString();

  it('keeps the day of the month, or takes the last day a month has', () => {
    const jan31 = at('2025-01-31T10:00:00Z');
    expect(iso(addInterval(jan31, monthly, 1))).toBe('2025-02-28T10:00:00.000Z');
    expect(iso(addInterval(jan31, monthly, 2))).toBe('2025-03-31T10:00:00.000Z');
    expect(iso(addInterval(jan31, monthly, 13))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addInterval(at('2024-01-31T00:00:00Z'), monthly, 1))).toBe('2024-02-29T00:00:00.000Z');
    expect(
      iso(addInterval(at('2024-02-29T00:00:00Z'), { interval_unit: 'YEAR', interval_count: 1 }, 1)),
    ).toBe('2025-02-28T00:00:00.000Z');
    expect(
      iso(addInterval(at('2024-02-29T00:00:00Z'), { interval_unit: 'YEAR', interval_count: 4 }, 1)),
    ).toBe('2028-02-29T00:00:00.000Z');
  });

  it('steps days and weeks exactly, across the year end', () => {
    expect(iso(addInterval(at('2025-12-30T23:59:59Z'), { interval_unit: 'DAY', interval_count: 3 }, 1))).toBe(
      '2026-01-02T23:59:59.000Z',
    );
    expect(
      iso(addInterval(at('2025-12-30T00:00:00Z'), { interval_unit: 'WEEK', interval_count: 2 }, 2)),
    ).toBe('2026-01-27T00:00:00.000Z');
  });

  it('counts months back into the past for a negative number of steps', () => {
    expect(iso(addInterval(at('2025-03-31T00:00:00Z'), monthly, -1))).toBe('2025-02-28T00:00:00.000Z');
  });

  const frequency = fc.record({
    interval_unit: fc.constantFrom(...INTERVAL_UNITS),
    interval_count: fc.integer({ min: 1, max: 12 }),
  });
  const start = fc.date({
    min: at('2000-01-01T00:00:00Z'),
    max: at('2090-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('property: steps always move forward and keep the time of day', () => {
    fc.assert(
      fc.property(start, frequency, fc.integer({ min: 0, max: 60 }), (from, freq, n) => {
        const a = addInterval(from, freq, n);
        const b = addInterval(from, freq, n + 1);
        expect(b.getTime()).toBeGreaterThan(a.getTime());
        expect(b.getUTCHours() * 3600 + b.getUTCMinutes() * 60 + b.getUTCSeconds()).toBe(
          from.getUTCHours() * 3600 + from.getUTCMinutes() * 60 + from.getUTCSeconds(),
        );
      }),
    );
  });

  it('property: a month step lands in the right month, on the start day or the last day of a shorter month', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: 240 }), (from, n) => {
        const result = addInterval(from, monthly, n);
        const months = from.getUTCFullYear() * 12 + from.getUTCMonth() + n;
        expect(result.getUTCFullYear() * 12 + result.getUTCMonth()).toBe(months);
        const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
        expect(result.getUTCDate()).toBe(Math.min(from.getUTCDate(), lastDay));
      }),
    );
  });

  it('property: n steps of one are the same as one step of n (days, weeks) and never drift (months, years)', () => {
    fc.assert(
      fc.property(start, frequency, fc.integer({ min: 0, max: 30 }), (from, freq, n) => {
        const big = addInterval(from, { ...freq, interval_count: freq.interval_count * n }, 1);
        expect(addInterval(from, freq, n).getTime()).toBe(big.getTime());
      }),
    );
  });
});

describe('projection', () => {
  it('bills a free month at the start, then twelve months, each on the start day', () => {
    const projection = projectSchedule(
      { billing_cycles: [freeMonth, twelveMonths], payment_preferences: { setup_fee: usd('5') } },
      { start: '2025-01-31T09:30:00Z' },
    );
    expect(projection.setupFee).toEqual({ at: '2025-01-31T09:30:00Z', amount: usd('5.00') });
    expect(projection.totalCycles).toBe(13);
    expect(projection.cycles).toHaveLength(13);
    const [trial, first, second, third] = projection.cycles;
    expect(trial).toMatchObject({
      index: 1,
      tenure_type: 'TRIAL',
      cycle: 1,
      billing_time: '2025-01-31T09:30:00Z',
      period_end: '2025-02-28T09:30:00Z',
      charge: undefined,
    });
    expect(first).toMatchObject({
      index: 2,
      tenure_type: 'REGULAR',
      cycle: 1,
      billing_time: '2025-02-28T09:30:00Z',
    });
    expect(first?.charge?.total).toEqual(usd('10.00'));
    expect(second?.billing_time).toBe('2025-03-28T09:30:00Z');
    expect(third?.billing_time).toBe('2025-04-28T09:30:00Z');
    expect(projection.cycles.at(-1)).toMatchObject({
      cycle: 12,
      total_cycles: 12,
      billing_time: '2026-01-28T09:30:00Z',
    });
    expect(projection.endTime).toBe('2026-02-28T09:30:00Z');
  });

  it('stops an endless regular cycle at the limit', () => {
    const projection = projectSchedule(
      { billing_cycles: [{ ...twelveMonths, total_cycles: 0, sequence: 1 }] },
      { start: new Date('2025-05-01T00:00:00Z'), limit: 3, quantity: 2 },
    );
    expect(projection.cycles.map((c) => c.billing_time)).toEqual([
      '2025-05-01T00:00:00Z',
      '2025-06-01T00:00:00Z',
      '2025-07-01T00:00:00Z',
    ]);
    expect(projection.cycles[0]?.charge?.total).toEqual(usd('20.00'));
    expect(projection.totalCycles).toBeUndefined();
    expect(projection.endTime).toBeUndefined();
    expect(projection.setupFee).toBeUndefined();
  });

  it('refuses a start that is not a time', () => {
    expect(() => projectSchedule({ billing_cycles: [twelveMonths] }, { start: 'soon' })).toThrow(
      /not a time/,
    );
  });

  const cycle = (tenure: 'TRIAL' | 'REGULAR', sequence: number) =>
    fc.record({
      tenure_type: fc.constant(tenure),
      sequence: fc.constant(sequence),
      total_cycles: fc.integer({ min: tenure === 'TRIAL' ? 1 : 0, max: 20 }),
      frequency: fc.record({
        interval_unit: fc.constantFrom(...INTERVAL_UNITS),
        interval_count: fc.integer({ min: 1, max: 4 }),
      }),
      pricing_scheme: fc.option(
        fc.record({ fixed_price: fc.integer({ min: 0, max: 99_999 }).map((c) => usd((c / 100).toFixed(2))) }),
        { nil: undefined },
      ),
    });
  const plan = fc
    .integer({ min: 0, max: 2 })
    .chain((trials) =>
      fc.tuple(
        ...Array.from({ length: trials }, (_, i) => cycle('TRIAL', i + 1)),
        cycle('REGULAR', trials + 1),
      ),
    )
    .map((cycles): SchedulePlan => ({ billing_cycles: [...cycles].reverse() }));

  it('property: cycles come in sequence order, strictly later each time, each period ending where the next begins', () => {
    fc.assert(
      fc.property(plan, fc.integer({ min: 1, max: 60 }), (p, limit) => {
        const { cycles, totalCycles, endTime } = projectSchedule(p, { start: '2025-01-31T12:00:00Z', limit });
        const expected = totalCycles === undefined ? limit : Math.min(limit, totalCycles);
        expect(cycles).toHaveLength(expected);
        cycles.forEach((c, i) => {
          expect(c.index).toBe(i + 1);
          expect(Date.parse(c.period_end)).toBeGreaterThan(Date.parse(c.billing_time));
          const next = cycles[i + 1];
          if (next) {
            expect(next.sequence).toBeGreaterThanOrEqual(c.sequence);
            expect(next.billing_time).toBe(c.period_end);
          }
        });
        if (totalCycles !== undefined && cycles.length === totalCycles)
          expect(cycles.at(-1)?.period_end).toBe(endTime);
      }),
    );
  });

  it('property: each tenure runs exactly its total_cycles, numbered 1..n', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const { cycles, totalCycles } = projectSchedule(p, { start: '2024-02-29T00:00:00Z', limit: 1000 });
        if (totalCycles === undefined) return;
        for (const tenure of p.billing_cycles) {
          const runs = cycles.filter((c) => c.sequence === tenure.sequence);
          expect(runs.map((c) => c.cycle)).toEqual(
            Array.from({ length: tenure.total_cycles }, (_, i) => i + 1),
          );
        }
      }),
    );
  });
});
