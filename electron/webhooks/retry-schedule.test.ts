import { describe, expect, it } from 'vitest';
import { DAY } from '../clock.js';
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_OFFSETS_MS } from './retry-schedule.js';

describe('retry schedule (spec 6.2, part 8)', () => {
  it('makes at most 25 attempts, the last exactly 3 days after the first, at growing intervals', () => {
    expect(MAX_ATTEMPTS).toBe(25);
    const anchor = 1_000_000;
    const due = Array.from({ length: MAX_ATTEMPTS }, (_, made) => nextAttemptAt(anchor, made));
    expect(due[0]).toBe(anchor);
    expect(due[24]).toBe(anchor + 3 * DAY);
    expect(nextAttemptAt(anchor, 25)).toBeUndefined();
    const gaps = due.slice(1).map((t, i) => (t ?? 0) - (due[i] ?? 0));
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeGreaterThan(0);
      if (i > 0) expect(gap).toBeGreaterThanOrEqual(gaps[i - 1] ?? 0);
    }
    expect(RETRY_OFFSETS_MS.every((o) => o <= 3 * DAY)).toBe(true);
  });

  it('stops at a smaller maximum (mock events are tried once)', () => {
    expect(nextAttemptAt(0, 0, 1)).toBe(0);
    expect(nextAttemptAt(0, 1, 1)).toBeUndefined();
  });
});
