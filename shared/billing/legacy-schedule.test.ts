import { describe, expect, it } from 'vitest';
import { legacyCycleTotal, legacyPlanSchedule } from './legacy-schedule';
import { describeSchedule, projectSchedule } from './schedule';

const regular = {
  name: 'Regular payments',
  type: 'REGULAR',
  frequency: 'MONTH',
  frequency_interval: '1',
  cycles: '12',
  amount: { currency: 'USD', value: '100' },
  charge_models: [
    { type: 'SHIPPING', amount: { currency: 'USD', value: '10' } },
    { type: 'TAX', amount: { currency: 'USD', value: '12' } },
  ],
};
const trial = {
  type: 'TRIAL',
  frequency: 'Week',
  frequency_interval: '2',
  cycles: '1',
  amount: { currency: 'USD', value: '0' },
};

describe('a v1 billing plan as a schedule', () => {
  it('puts the trial first and charges amount plus tax and shipping', () => {
    const schedule = legacyPlanSchedule({
      type: 'FIXED',
      payment_definitions: [regular, trial],
      merchant_preferences: { setup_fee: { currency: 'USD', value: '1' } },
    });
    expect(describeSchedule(schedule).text).toBe(
      '1.00 USD setup fee, then 2 weeks free, then 12 x 122.00 USD monthly',
    );
    const projection = projectSchedule(schedule, { start: '2025-03-01T08:00:00Z' });
    expect(projection.cycles[1]).toMatchObject({
      billing_time: '2025-03-15T08:00:00Z',
      tenure_type: 'REGULAR',
    });
  });

  it('runs the regular definition of an INFINITE plan until cancelled', () => {
    const schedule = legacyPlanSchedule({
      type: 'INFINITE',
      payment_definitions: [{ ...regular, cycles: '0' }],
    });
    expect(describeSchedule(schedule).text).toBe('122.00 USD monthly until cancelled');
  });

  it('skips what it cannot read instead of guessing', () => {
    expect(
      legacyPlanSchedule({ payment_definitions: [{ ...regular, frequency: 'FORTNIGHT' }] }).billing_cycles,
    ).toEqual([]);
    expect(legacyCycleTotal({ amount: { currency: 'XXX', value: '1' } })).toBeUndefined();
    expect(legacyCycleTotal({ amount: { currency: 'USD', value: 'abc' } })).toBeUndefined();
  });
});
