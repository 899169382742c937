import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney, formatTime } from './format';

describe('format', () => {
  it('money as the API gives it', () => {
    expect(formatMoney({ currency_code: 'USD', value: '1.00' })).toBe('1.00 USD');
    expect(formatMoney(undefined)).toBe('—');
    expect(formatMoney({ currency_code: 'USD' })).toBe('—');
  });
  it('minor units in the currency’s decimals', () => {
    expect(formatMinor(1234n, 'USD')).toBe('12.34 USD');
    expect(formatMinor(1234n, 'JPY')).toBe('1234 JPY');
    expect(formatMinor(-5n, 'EUR')).toBe('-0.05 EUR');
    expect(formatMinor(undefined, 'USD')).toBe('—');
    expect(formatMinor(1n, 'XXX')).toBe('—');
  });
  it('times', () => {
    expect(formatTime('2025-01-02T03:04:05.123Z')).toBe('2025-01-02 03:04:05 UTC');
    expect(formatTime(undefined)).toBe('—');
  });
});
