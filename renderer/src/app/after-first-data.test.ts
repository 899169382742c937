import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstData } from './after-first-data';

// Node has no frames nor idle periods: fake timers stand in for them, a frame every 16 ms and an idle
// period 5 ms after it is asked for (as in after-first-paint.test.ts).
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    Number(setTimeout(() => callback(performance.now()), 16)),
  );
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) =>
    Number(setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 10 }), 5)),
  );
  vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A query client with one query in flight until `answer` is called. */
function clientWithPendingQuery() {
  const client = new QueryClient();
  let answer: (value: string) => void = () => {};
  void client.fetchQuery({
    queryKey: ['orders', 'first-page'],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  return { client, answer: (value: string) => answer(value) };
}

describe('work deferred until the first page has its data', () => {
  it('waits while a query is in flight, then for the paint after its answer', async () => {
    const { client, answer } = clientWithPendingQuery();
    const work = vi.fn();
    afterFirstData(client, work);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();
    answer('rows');
    await vi.advanceTimersByTimeAsync(1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('starts after the paint when nothing is in flight', async () => {
    const work = vi.fn();
    afterFirstData(new QueryClient(), work);
    await vi.advanceTimersByTimeAsync(30);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits no longer than its patience for a slow host', async () => {
    const { client } = clientWithPendingQuery();
    const work = vi.fn();
    afterFirstData(client, work, 2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', async () => {
    const { client, answer } = clientWithPendingQuery();
    const work = vi.fn();
    afterFirstData(client, work)();
    answer('rows');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
