import { describe, expect, it } from 'vitest';
import { incrementNumber } from './numbering.js';

describe('invoice numbers: the last one plus one', () => {
  it.each([
    ['0001', '0002'],
    ['0099', '0100'],
    ['9999', '10000'],
    ['INV-0099', 'INV-0100'],
    ['2026-05-7', '2026-05-8'],
    ['ABC', 'ABC1'],
    ['X'.repeat(25), 'X'.repeat(24) + '1'],
    ['9'.repeat(25), '0'.repeat(25)],
  ])('%s -> %s', (last, next) => {
    expect(incrementNumber(last)).toBe(next);
    expect(incrementNumber(last).length).toBeLessThanOrEqual(25);
  });
});
