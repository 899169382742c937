import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostEvents } from '../../events.js';
import { RequestLogger } from './request-log.js';
import { RequestLogThread } from './request-log-thread.js';

/** An answered exchange as the pipeline's `onSend` hook hands it over: only what `record` reads. */
function answered(i: number): [FastifyRequest, FastifyReply, string] {
  const request = {
    method: 'GET',
    url: `/v2/checkout/orders/ORDER${i}`,
    headers: { 'user-agent': 'curl/8.5.0' },
    routeOptions: { config: {} },
  } as unknown as FastifyRequest;
  const reply = {
    statusCode: 404,
    getHeaders: () => ({ 'content-type': 'application/json' }),
    getHeader: () => 'application/json',
  } as unknown as FastifyReply;
  return [request, reply, '{"name":"RESOURCE_NOT_FOUND"}'];
}

const logger = { info: () => {}, error: vi.fn() };

/** Entries go to the log's thread a few milliseconds' worth at a time, not one message per turn. */
describe('the request log hands entries over in batches', () => {
  let log: RequestLogger | undefined;
  afterEach(() => {
    log?.close();
    log = undefined;
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const start = () => {
    const appended = vi.spyOn(RequestLogThread.prototype, 'append');
    log = new RequestLogger({ kind: 'memory' }, new HostEvents(), logger, { offset: 0 });
    return appended;
  };

  it('sends what waits 5 ms after the first entry, in one message', async () => {
    vi.useFakeTimers();
    const appended = start();
    for (let i = 0; i < 10; i++) log!.record(...answered(i));
    await vi.advanceTimersByTimeAsync(4);
    expect(appended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(appended).toHaveBeenCalledTimes(1);
    expect(appended.mock.calls[0]?.[0]).toHaveLength(10);
    vi.useRealTimers();
    expect(log!.recent(20).map((e) => e.path)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/v2/checkout/orders/ORDER${9 - i}`),
    );
  });

  it('sends at once when 256 wait, and a read sends what waits before it reads', () => {
    vi.useFakeTimers();
    const appended = start();
    for (let i = 0; i < 300; i++) log!.record(...answered(i));
    expect(appended).toHaveBeenCalledTimes(1);
    expect(appended.mock.calls[0]?.[0]).toHaveLength(256);
    vi.useRealTimers();
    // The other 44 wait for their 5 ms, or for a read.
    expect(log!.recent(1000)).toHaveLength(300);
    expect(appended).toHaveBeenCalledTimes(2);
  });
});
