import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { afterFirstData } from './after-first-data';
import { fakeFramesPerTest } from './fake-frames-test-kit';

fakeFramesPerTest();

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
