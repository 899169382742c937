import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_EXPONENTS } from '../../../shared/money.js';
import { captureFee, FEE_BASIS_POINTS, FIXED_FEES, refundedFee } from './capture-fees.js';

describe('fee schedule: 3.49% + a fixed fee per currency', () => {
  it('is 349 basis points', () => {
    expect(FEE_BASIS_POINTS).toBe(349n);
    expect(FIXED_FEES.USD).toBe(49n);
  });

  it('has a fixed fee for every supported currency', () => {
    for (const currency of Object.keys(CURRENCY_EXPONENTS))
      expect(FIXED_FEES[currency], currency).toBeDefined();
  });

  it.each([
    // [gross minor, currency, percent part, fixed part, total]
    [10_000n, 'USD', 349n, 49n, 398n], // 100.00 -> 3.98, net 96.02
    [1_000n, 'USD', 35n, 49n, 84n], // 34.9 rounds half up to 35
    [50n, 'USD', 2n, 49n, 50n], // capped at the gross amount
    [49n, 'USD', 2n, 49n, 49n],
    [1n, 'USD', 0n, 49n, 1n],
    [123_456n, 'USD', 4_309n, 49n, 4_358n],
    [10_000n, 'EUR', 349n, 39n, 388n],
    [1_000n, 'JPY', 35n, 40n, 75n], // JPY has no minor unit: 1000 yen
    [100_000n, 'KWD', 3_490n, 120n, 3_610n], // three decimals
    [10_000n, 'XXX', 349n, 0n, 349n], // unknown currency: no fixed part
  ])('%s minor %s: percent %s + fixed %s = %s', (gross, currency, percentPart, fixedPart, total) => {
    expect(captureFee(gross, currency)).toEqual({ percentPart, fixedPart, total });
  });

  it.each([
    [5_000n, 175n], // 174.5 -> 175 (half up)
    [2_851n, 99n], // 99.4999 -> 99
    [1_000n, 35n], // 34.9 -> 35
    [200n, 7n], // 6.98 -> 7
  ])('rounds the percentage of %s minor units half up to %s', (gross, percentPart) => {
    expect(captureFee(gross, 'USD').percentPart).toBe(percentPart);
  });

  it('never charges more than the gross amount, and the refundable part never exceeds the fee', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom(...Object.keys(FIXED_FEES)),
        (gross, currency) => {
          const fee = captureFee(gross, currency);
          expect(fee.total).toBeLessThanOrEqual(gross);
          expect(fee.total).toBeGreaterThanOrEqual(0n);
          expect(fee.percentPart).toBeLessThanOrEqual(fee.total);
          expect(fee.percentPart).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });
});

describe('refundedFee: the percentage part comes back in proportion', () => {
  it.each([
    [349n, 10_000n, 10_000n, 0n, 349n], // full refund
    [349n, 10_000n, 4_000n, 0n, 140n], // 139.6 -> 140
    [349n, 10_000n, 6_000n, 4_000n, 209n], // the rest after 40.00
    [349n, 10_000n, 5_000n, 0n, 175n], // 174.5 -> 175
    [349n, 10_000n, 5_000n, 5_000n, 174n], // the second half gets what is left: 349 - 175
    [0n, 10_000n, 10_000n, 0n, 0n],
    [349n, 0n, 0n, 0n, 0n],
  ])('percent %s of gross %s, refund %s after %s: %s', (percent, gross, refund, before, expected) => {
    expect(refundedFee(percent, gross, refund, before)).toBe(expected);
  });

  it('the shares of any split of a full refund add up to exactly the percentage part', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 }),
        (gross, weights) => {
          const { percentPart } = captureFee(gross, 'USD');
          // Split the gross into parts proportional to the weights (the last part takes the remainder).
          const sum = BigInt(weights.reduce((a, b) => a + b, 0));
          const parts: bigint[] = [];
          let left = gross;
          for (const [i, w] of weights.entries()) {
            const part = i === weights.length - 1 ? left : (gross * BigInt(w)) / sum;
            if (part > 0n) parts.push(part);
            left -= part;
          }
          let refunded = 0n;
          let back = 0n;
          for (const part of parts) {
            const share = refundedFee(percentPart, gross, part, refunded);
            expect(share).toBeGreaterThanOrEqual(0n);
            back += share;
            refunded += part;
            // Never more than the proportional share so far, rounded.
            expect(back).toBeLessThanOrEqual(percentPart);
          }
          expect(refunded).toBe(gross);
          expect(back).toBe(percentPart);
        },
      ),
    );
  });
});
