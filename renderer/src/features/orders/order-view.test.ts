import { describe, expect, it } from 'vitest';
import { lineTotal, orderTotal, type OrderView } from './order-view';

const usd = (value: string) => ({ currency_code: 'USD', value });

describe('order view arithmetic', () => {
  it.each([
    [{ quantity: '3', unit_amount: usd('0.10') }, '0.30 USD'],
    [{ quantity: '2', unit_amount: { currency_code: 'JPY', value: '150' } }, '300 JPY'],
    [{ quantity: '1.5', unit_amount: usd('1.00') }, '—'],
    [{ quantity: '2', unit_amount: usd('1.005') }, '—'],
    [{ quantity: '2', unit_amount: { currency_code: 'XXX', value: '1.00' } }, '—'],
    [{ quantity: '2' }, '—'],
  ])('line total of %o is %s', (item, expected) => {
    expect(lineTotal(item)).toBe(expected);
  });

  it('adds purchase units exactly when they share a currency, and lists them otherwise', () => {
    const units = (...amounts: { currency_code: string; value: string }[]): OrderView => ({
      purchase_units: amounts.map((amount) => ({ amount })),
    });
    expect(orderTotal(units(usd('0.10'), usd('0.20')))).toBe('0.30 USD');
    expect(orderTotal(units(usd('10.00')))).toBe('10.00 USD');
    expect(orderTotal(units(usd('1.00'), { currency_code: 'EUR', value: '2.00' }))).toBe(
      '1.00 USD + 2.00 EUR',
    );
    expect(orderTotal({})).toBe('—');
  });
});
