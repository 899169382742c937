import { describe, expect, it } from 'vitest';
import { formatCount, formatMinor, formatMoney, formatTime, groupDigits } from './format';

describe('format', () => {
  it('money as the API gives it', () => {
    expect(formatMoney({ currency_code: 'USD', value: '1.00' })).toBe('1.00 USD');
    expect(formatMoney(undefined)).toBe('—');
    expect(formatMoney({ currency_code: 'USD' })).toBe('—');
  });
  it('minor units in the currency’s decimals', () => {
    expect(formatMinor(1234n, 'USD')).toBe('12.34 USD');
    expect(formatMinor(1234n, 'JPY')).toBe('1,234 JPY');
    expect(formatMinor(-5n, 'EUR')).toBe('-0.05 EUR');
    expect(formatMinor(undefined, 'USD')).toBe('—');
    expect(formatMinor(1n, 'XXX')).toBe('—');
  });
  it('groups digits by thousands, exactly', () => {
    expect(formatMoney({ currency_code: 'USD', value: '1234567.89' })).toBe('1,234,567.89 USD');
    expect(formatMinor(123456789n, 'JPY')).toBe('123,456,789 JPY');
    expect(formatMinor(-100000n, 'USD')).toBe('-1,000.00 USD');
    expect(groupDigits('999.999')).toBe('999.999');
    expect(groupDigits('12345678901234567890.01')).toBe('12,345,678,901,234,567,890.01');
    expect(groupDigits('not a number')).toBe('not a number');
    expect(formatCount(222517)).toBe('222,517');
  });
  it('times', () => {
    expect(formatTime('2025-01-02T03:04:05.123Z')).toBe('2025-01-02 03:04:05 UTC');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime(null)).toBe('—');
  });
  it('times with milliseconds, and only the time of day on the given day', () => {
    expect(formatTime('2025-01-02T03:04:05.1Z', { milliseconds: true })).toBe('2025-01-02 03:04:05.100 UTC');
    expect(formatTime('2025-01-02T03:04:05Z', { milliseconds: true })).toBe('2025-01-02 03:04:05.000 UTC');
    expect(formatTime('2025-01-02T03:04:05.123Z', { milliseconds: true, today: '2025-01-02' })).toBe(
      '03:04:05.123 UTC',
    );
    // A row from before a clock move of days keeps its date.
    expect(formatTime('2025-01-01T03:04:05.123Z', { today: '2025-01-02' })).toBe('2025-01-01 03:04:05 UTC');
    expect(formatTime('2025-01-02T03:04:05+02:00')).toBe('2025-01-02 03:04:05+02:00');
  });
});
