import { describe, expect, it } from 'vitest';
import { shortfalls } from './funding-shortfall';

describe('what the balance cannot fund', () => {
  it('counts the fees: a balance equal to the amount alone falls short by the fees', () => {
    expect(
      shortfalls(
        [{ currency: 'USD', amount: '100.00', fees: '2.00' }],
        [{ currency_code: 'USD', value: '100.00' }],
      ),
    ).toEqual([{ currency: 'USD', needed: '102.00', available: '100.00', short: '2.00' }]);
  });

  it('is empty when amount plus fees is covered exactly', () => {
    expect(
      shortfalls(
        [{ currency: 'USD', amount: '100.00', fees: '2.00' }],
        [{ currency_code: 'USD', value: '102.00' }],
      ),
    ).toEqual([]);
  });

  it('a currency without a balance needs the whole amount plus fees, a negative one more', () => {
    expect(
      shortfalls(
        [
          { currency: 'JPY', amount: '1000', fees: '20' },
          { currency: 'EUR', amount: '10.00', fees: '0.25' },
        ],
        [{ currency_code: 'EUR', value: '-5.00' }],
      ),
    ).toEqual([
      { currency: 'JPY', needed: '1020', available: '0', short: '1020' },
      { currency: 'EUR', needed: '10.25', available: '-5.00', short: '15.25' },
    ]);
  });
});
