import { describe, expect, it } from 'vitest';
import { sellerPollDelay } from './partners-api';

describe('waiting for the seller to onboard', () => {
  it('asks again after 2 s, then doubles the wait up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(sellerPollDelay)).toEqual([
      2_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('five minutes of waiting ask at most 14 times (the fixed 1.5 s poll asked 200 times)', () => {
    let elapsed = 0;
    let asked = 1;
    while (elapsed + sellerPollDelay(asked) <= 300_000) {
      elapsed += sellerPollDelay(asked);
      asked++;
    }
    expect(asked).toBeLessThanOrEqual(14);
  });
});
