import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacedRefresh } from './paced-refresh';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const PACE = { settleMs: 300, intervalMs: 1_000, patienceMs: 5_000 };

/** A paced refresh whose runs are recorded by start time; each read takes `readMs`. */
function recorded(readMs: number) {
  const starts: number[] = [];
  const refresh = pacedRefresh(() => {
    starts.push(Date.now());
    return new Promise((resolve) => setTimeout(resolve, readMs));
  }, PACE);
  return { starts, refresh };
}

describe('refreshes paced while host events stream in', () => {
  it('runs a lone request once, after the settle time', async () => {
    const { starts, refresh } = recorded(50);
    const t0 = Date.now();
    refresh.request();
    refresh.request();
    await vi.advanceTimersByTimeAsync(299);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 300]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(1);
  });

  it('runs at most once per interval while requests keep coming, and once after the last', async () => {
    const { starts, refresh } = recorded(50);
    const t0 = Date.now();
    // A request every 20 ms for 5 s.
    for (let t = 0; t < 5_000; t += 20) {
      refresh.request();
      await vi.advanceTimersByTimeAsync(20);
    }
    const lastRequest = t0 + 4_980;
    await vi.advanceTimersByTimeAsync(3_000);
    const gaps = starts.slice(1).map((start, i) => start - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_000);
    expect(starts.length).toBeGreaterThanOrEqual(5);
    // The last run starts after the last request, within an interval of it.
    expect(starts.at(-1)!).toBeGreaterThan(lastRequest);
    expect(starts.at(-1)! - lastRequest).toBeLessThanOrEqual(1_000);
  });

  it('never starts a run while the last one still reads; a request meanwhile runs once after it', async () => {
    const { starts, refresh } = recorded(2_500);
    const t0 = Date.now();
    refresh.request();
    await vi.advanceTimersByTimeAsync(300);
    expect(starts).toEqual([t0 + 300]);
    // Requests while the first run reads (it ends at 2,800 ms).
    for (let i = 0; i < 10; i += 1) {
      refresh.request();
      await vi.advanceTimersByTimeAsync(100);
    }
    // The read ends at 2,800 ms; the next run waits the settle time after it.
    await vi.advanceTimersByTimeAsync(1_799);
    expect(starts).toEqual([t0 + 300]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 300, t0 + 3_100]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(2);
  });

  it('runs again after its patience when a read never ends', async () => {
    const starts: number[] = [];
    const refresh = pacedRefresh(() => {
      starts.push(Date.now());
      return new Promise(() => {});
    }, PACE);
    refresh.request();
    await vi.advanceTimersByTimeAsync(300);
    refresh.request();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(starts).toHaveLength(2);
  });

  it('a read that ends after its patience does not end the run started after it', async () => {
    const starts: number[] = [];
    const reads = [7_000, 3_000, 50];
    const refresh = pacedRefresh(() => {
      starts.push(Date.now());
      const readMs = reads.shift() ?? 50;
      return new Promise((resolve) => setTimeout(resolve, readMs));
    }, PACE);
    const t0 = Date.now();
    refresh.request();
    await vi.advanceTimersByTimeAsync(300);
    refresh.request();
    // The first read outlives its patience (5 s): the second run starts at 5,600 ms and reads 3 s.
    await vi.advanceTimersByTimeAsync(5_600);
    expect(starts).toEqual([t0 + 300, t0 + 5_600]);
    // The first read ends at 7,300 ms, inside the second's; a request then waits for the second.
    await vi.advanceTimersByTimeAsync(1_800);
    refresh.request();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toHaveLength(2);
    // The second read ends at 8,600 ms; the next run comes the settle time after it.
    await vi.advanceTimersByTimeAsync(300);
    expect(starts).toEqual([t0 + 300, t0 + 5_600, t0 + 8_900]);
  });

  it('runs nothing once cancelled', async () => {
    const { starts, refresh } = recorded(50);
    refresh.request();
    refresh.cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toEqual([]);
  });
});
