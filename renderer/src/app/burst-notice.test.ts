import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burstNotice } from './burst-notice';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A burst notice whose calls are recorded: each `show` with its key, each end of a burst. */
function recorded() {
  const calls: string[] = [];
  const notice = burstNotice(
    'changes',
    { settleMs: 300, quietMs: 1_000 },
    (key) => calls.push(`show ${key}`),
    () => calls.push('ended'),
  );
  return { calls, notice };
}

describe('one notice per burst of host events', () => {
  it('shows a lone event once events pause, then ends its burst', () => {
    const { calls, notice } = recorded();
    notice.request();
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(700);
    expect(calls).toEqual([calls[0], 'ended']);
  });

  it('keeps one key through pauses shorter than the quiet time, showing the burst at each pause', () => {
    const { calls, notice } = recorded();
    // Three flushes of a load test, 600 ms apart: each pause shows the burst, under the same key.
    for (let flush = 0; flush < 3; flush += 1) {
      for (let i = 0; i < 50; i += 1) notice.request();
      vi.advanceTimersByTime(600);
    }
    vi.advanceTimersByTime(1_000);
    expect(calls.filter((c) => c === 'ended')).toHaveLength(1);
    const shown = calls.filter((c) => c.startsWith('show'));
    expect(shown).toHaveLength(3);
    expect(new Set(shown).size).toBe(1);
  });

  it('keeps telling a shown notice while its burst streams on without a pause, so it never expires mid-burst', () => {
    const { calls, notice } = recorded();
    // A first pause shows the notice; then events every 100 ms for 5 s, never pausing 300 ms.
    notice.request();
    vi.advanceTimersByTime(300);
    expect(calls).toHaveLength(1);
    const shownTimes: number[] = [];
    for (let t = 0; t < 5_000; t += 100) {
      const before = calls.length;
      notice.request();
      if (calls.length > before) shownTimes.push(t);
      vi.advanceTimersByTime(100);
    }
    // Told again at least every third of the quiet time (the notice's own time up), always one key.
    expect(shownTimes.length).toBeGreaterThanOrEqual(12);
    const gaps = shownTimes.slice(1).map((t, i) => t - shownTimes[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(400);
    vi.advanceTimersByTime(1_000);
    const shown = calls.filter((c) => c.startsWith('show'));
    expect(new Set(shown).size).toBe(1);
    expect(calls.filter((c) => c === 'ended')).toHaveLength(1);
  });

  it('gives events after a quiet time a burst and a key of their own', () => {
    const { calls, notice } = recorded();
    notice.request();
    vi.advanceTimersByTime(1_000);
    notice.request();
    vi.advanceTimersByTime(1_000);
    const [first, ended, second] = calls;
    expect(ended).toBe('ended');
    expect(first).toMatch(/^show changes:\d+$/);
    expect(second).toMatch(/^show changes:\d+$/);
    expect(second).not.toBe(first);
    expect(calls.at(-1)).toBe('ended');
  });

  it('says nothing once cancelled', () => {
    const { calls, notice } = recorded();
    notice.request();
    notice.cancel();
    vi.advanceTimersByTime(5_000);
    expect(calls).toEqual([]);
  });
});
