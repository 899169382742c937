import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdownTotal, checkAmount } from './amount-rules.js';
import { MoneyError, fromMinor, mulDivRound, toMinor } from './money.js';

describe('money', () => {
  it.each([
    ['10.00', 'USD', 1000n],
    ['10.5', 'USD', 1050n],
    ['10.500', 'USD', 1050n],
    ['.25', 'EUR', 25n],
    ['-3.10', 'USD', -310n],
    ['100', 'JPY', 100n],
    ['1.234', 'KWD', 1234n],
    ['99999999999999999999.99', 'USD', 9999999999999999999999n],
    ['9999999999999.99', 'USD', 999999999999999n],
    ['90071992547409.93', 'USD', 9007199254740993n],
    ['0000000000000000012.30', 'USD', 1230n],
    ['-0.00', 'USD', 0n],
  ])('parses %s %s exactly', (value, currency, minor) => {
    expect(toMinor(value, currency)).toBe(minor);
  });

  it.each([
    ['10.001', 'USD', 'DECIMAL_PRECISION'],
    ['100.5', 'JPY', 'DECIMAL_PRECISION'],
    ['1.2345', 'KWD', 'DECIMAL_PRECISION'],
    ['1e3', 'USD', 'INVALID_PARAMETER_SYNTAX'],
    ['', 'USD', 'INVALID_PARAMETER_SYNTAX'],
    ['1.00', 'XXX', 'CURRENCY_NOT_SUPPORTED'],
  ])('rejects %s %s with %s', (value, currency, issue) => {
    expect(() => toMinor(value, currency)).toThrowError(expect.objectContaining({ issue }));
    expect(() => toMinor(value, currency)).toThrow(MoneyError);
  });

  it.each([
    [1000n, 'USD', '10.00'],
    [5n, 'USD', '0.05'],
    [-5n, 'USD', '-0.05'],
    [100n, 'JPY', '100'],
    [1n, 'KWD', '0.001'],
  ])('formats %i minor %s as %s', (minor, currency, value) => {
    expect(fromMinor(minor, currency)).toBe(value);
  });

  it('parses any decimal text to the bigint its digits spell (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,22}$/),
        fc.stringMatching(/^\d{0,3}$/),
        fc.boolean(),
        (whole, fraction, negative) => {
          const value = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
          const digits = BigInt(whole + fraction.replace(/0+$/, '').padEnd(3, '0'));
          const significant = fraction.replace(/0+$/, '').length;
          if (significant > 3) return;
          expect(toMinor(value, 'KWD')).toBe(negative ? -digits : digits);
        },
      ),
    );
  });

  it('round-trips any amount through minor units (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.constantFrom('USD', 'JPY', 'KWD', 'EUR'),
        (minor, currency) => {
          expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it('rounds half away from zero and stays within one minor unit of the exact quotient (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        (a, n, d) => {
          const rounded = mulDivRound(a, n, d);
          const exactTimesTwo = (a * n * 2n) / d;
          expect(rounded * 2n - exactTimesTwo <= 1n && exactTimesTwo - rounded * 2n <= 1n).toBe(true);
        },
      ),
    );
    expect(mulDivRound(5n, 1n, 2n)).toBe(3n);
    expect(mulDivRound(-5n, 1n, 2n)).toBe(-3n);
  });
});

describe('amount with breakdown rules', () => {
  const usd = (value: string) => ({ currency_code: 'USD', value });

  it('accepts an amount whose breakdown and items add up exactly (property)', () => {
    const cents = fc.bigInt({ min: 0n, max: 10n ** 9n });
    fc.assert(
      fc.property(
        fc.array(fc.record({ unit: cents, qty: fc.integer({ min: 1, max: 50 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        cents,
        cents,
        (items, shipping, discount) => {
          const itemTotal = items.reduce((sum, i) => sum + i.unit * BigInt(i.qty), 0n);
          const total = breakdownTotal({ item_total: itemTotal, shipping, discount });
          fc.pre(total > 0n);
          const result = checkAmount(
            {
              ...usd(fromMinor(total, 'USD')),
              breakdown: {
                item_total: usd(fromMinor(itemTotal, 'USD')),
                shipping: usd(fromMinor(shipping, 'USD')),
                discount: usd(fromMinor(discount, 'USD')),
              },
            },
            items.map((i, n) => ({
              name: `item ${n}`,
              quantity: String(i.qty),
              unit_amount: usd(fromMinor(i.unit, 'USD')),
            })),
            '/purchase_units/0',
          );
          expect(result.problems).toEqual([]);
          expect(result.minor).toBe(total);
          // One cent off anywhere is caught.
          const off = checkAmount(
            {
              ...usd(fromMinor(total + 1n, 'USD')),
              breakdown: {
                item_total: usd(fromMinor(itemTotal, 'USD')),
                shipping: usd(fromMinor(shipping, 'USD')),
                discount: usd(fromMinor(discount, 'USD')),
              },
            },
            undefined,
            '/purchase_units/0',
          );
          expect(off.problems.map((p) => p.issue)).toEqual(['AMOUNT_MISMATCH']);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    [
      { ...usd('10.00'), breakdown: { item_total: usd('9.00') } },
      undefined,
      'AMOUNT_MISMATCH',
      '/amount/value',
    ],
    [
      { ...usd('10.00'), breakdown: { item_total: usd('10.00') } },
      [{ name: 'a', quantity: '3', unit_amount: usd('3.00') }],
      'ITEM_TOTAL_MISMATCH',
      '/amount/breakdown/item_total',
    ],
    [
      usd('10.00'),
      [{ name: 'a', quantity: '1', unit_amount: usd('10.00') }],
      'ITEM_TOTAL_REQUIRED',
      '/amount/breakdown/item_total',
    ],
    [
      { ...usd('10.00'), breakdown: { item_total: { currency_code: 'EUR', value: '10.00' } } },
      undefined,
      'CURRENCY_MISMATCH',
      '/amount/breakdown/item_total/currency_code',
    ],
    [usd('0.00'), undefined, 'AMOUNT_NOT_POSITIVE', '/amount/value'],
    [{ currency_code: 'ZZZ', value: '1.00' }, undefined, 'CURRENCY_NOT_SUPPORTED', '/amount/currency_code'],
    [
      { ...usd('11.00'), breakdown: { item_total: usd('10.00'), tax_total: usd('1.00') } },
      [{ name: 'a', quantity: '2', unit_amount: usd('5.00'), tax: usd('0.60') }],
      'TAX_TOTAL_MISMATCH',
      '/amount/breakdown/tax_total',
    ],
  ])('reports %o as %s at its pointer', (amount, items, issue, field) => {
    const { problems } = checkAmount(amount, items, '/purchase_units/0');
    expect(problems[0]?.issue).toBe(issue);
    expect(problems[0]?.field).toBe(`/purchase_units/0${field}`);
  });
});
