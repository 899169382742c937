import { describe, expect, it } from 'vitest';
import { normalizeCardExpiry } from './card-expiry';

describe('normalizeCardExpiry', () => {
  it.each([
    ['12/30', '2030-12'],
    ['1/29', '2029-01'],
    ['09/2031', '2031-09'],
    ['09-31', '2031-09'],
    ['0931', '2031-09'],
    [' 07 / 28 ', '2028-07'],
    ['2030-12', '2030-12'],
  ])('reads %s as %s', (text, expected) => {
    expect(normalizeCardExpiry(text)).toBe(expected);
  });

  it('leaves what is no expiry, and a month out of range, for the schema to refuse', () => {
    expect(normalizeCardExpiry('soon')).toBe('soon');
    expect(normalizeCardExpiry('13/2030')).toBe('2030-13');
  });
});
