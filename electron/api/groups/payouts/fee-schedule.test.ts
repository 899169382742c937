import { describe, expect, it } from 'vitest';
import { PAYOUT_FEE_LIMITS, payoutFee } from '../../../../shared/api/payouts/fee-schedule.js';
import { CURRENCY_EXPONENTS, fromMinor, toMinor } from '../../../../shared/money.js';

const fee = (value: string, currency = 'USD'): string =>
  fromMinor(payoutFee(toMinor(value, currency), currency), currency);

describe('the payout fee schedule: 2% per item, at least a minimum, at most a cap, per currency', () => {
  it.each([
    ['0.01', 'USD', '0.25'],
    ['12.49', 'USD', '0.25'],
    ['12.50', 'USD', '0.25'],
    ['12.51', 'USD', '0.25'],
    ['12.75', 'USD', '0.26'],
    ['50.25', 'USD', '1.01'],
    ['100.00', 'USD', '2.00'],
    ['999.99', 'USD', '20.00'],
    ['1000.00', 'USD', '20.00'],
    ['60000.00', 'USD', '20.00'],
    ['20.00', 'EUR', '0.40'],
    ['1.00', 'EUR', '0.23'],
    ['500', 'JPY', '30'],
    ['10000', 'JPY', '200'],
    ['1000000', 'JPY', '2200'],
    ['10.000', 'TND', '0.750'],
    ['100.000', 'TND', '2.000'],
  ])('%s %s pays %s', (value, currency, expected) => {
    expect(fee(value, currency)).toBe(expected);
  });

  it('has a minimum below its cap for every currency the sandbox takes', () => {
    for (const currency of Object.keys(CURRENCY_EXPONENTS)) {
      const limits = PAYOUT_FEE_LIMITS[currency];
      expect(limits, currency).toBeDefined();
      expect(limits && limits.min < limits.max, currency).toBe(true);
    }
  });
});
