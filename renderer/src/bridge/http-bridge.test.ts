import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpBridge } from './http-bridge';

/** EventSource as far as the bridge uses it; the test plays the browser's reconnections. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  closed = false;

  constructor(readonly url: URL) {
    FakeEventSource.last = this;
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  dispatch(type: string, event: unknown = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  close(): void {
    this.closed = true;
  }
}

describe('the HTTP bridge event stream', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal('window', {
      location: { href: 'http://127.0.0.1:8600/__workbench/?token=T' },
      history: { replaceState: () => {} },
    });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    });
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells its listeners when the stream comes back after a break (the host dropped it), not on the first open', () => {
    const bridge = createHttpBridge();
    const resumed = vi.fn();
    const heard = vi.fn();
    const offResumed = bridge.onResumed(resumed);
    bridge.onEvent(heard);
    const source = FakeEventSource.last!;
    expect(source.url.toString()).toBe('http://127.0.0.1:8600/__workbench/events?token=T');
    source.dispatch('open');
    expect(resumed).not.toHaveBeenCalled();
    source.dispatch('resource-changed', {
      data: '{"kind":"order","id":"A","status":"CREATED","trigger":"t"}',
    });
    expect(heard).toHaveBeenCalledTimes(1);
    // The host closed the stream; the browser reconnects by itself and opens it again.
    source.dispatch('error');
    source.dispatch('open');
    expect(resumed).toHaveBeenCalledTimes(1);
    offResumed();
    source.dispatch('open');
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it("passes on the stream's account of the events a flush left out", () => {
    const bridge = createHttpBridge();
    const heard = vi.fn();
    bridge.onEvent(heard);
    FakeEventSource.last!.dispatch('events-left-out', {
      data: '{"counts":{"resource-changed":1950},"resource_kinds":{"order":1950}}',
    });
    expect(heard).toHaveBeenCalledWith({
      type: 'events-left-out',
      payload: { counts: { 'resource-changed': 1950 }, resource_kinds: { order: 1950 } },
    });
  });
});
