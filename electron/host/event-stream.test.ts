import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserBridge } from './browser-bridge.js';
import { type Host } from './create-host.js';
import type { EventStreamOptions } from './event-stream.js';
import { startBrowserHost } from '../test-support/browser-host.js';

/** A page's EventSource, reduced to what it reads: every event's type and data, in order. */
class Reader {
  readonly events: { type: string; data: unknown }[] = [];
  private text = '';
  private readonly controller = new AbortController();
  private done: Promise<void> | undefined;

  async open(url: string): Promise<void> {
    const response = await fetch(url, { signal: this.controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    this.done = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) return;
        this.text += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = this.text.indexOf('\n\n')) >= 0) {
          const block = this.text.slice(0, end);
          this.text = this.text.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) this.events.push({ type, data: JSON.parse(data) });
        }
      }
    })();
  }

  async until(predicate: () => boolean, what: string): Promise<void> {
    for (let i = 0; i < 500 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
    if (!predicate()) throw new Error(`never saw ${what}: ${JSON.stringify(this.events.slice(-5))}`);
  }

  close(): Promise<void> | undefined {
    this.controller.abort();
    return this.done;
  }
}

/** A page that connects and then never reads a byte (a frozen tab, a hostile client). */
function nonReader(port: number, token: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /__workbench/events?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      // The response head arrives; from then on nothing is read.
      socket.once('data', () => {
        socket.pause();
        resolve({ socket, closed });
      });
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
  });
}

describe('the browser event stream', () => {
  let host: Host;
  let browser: BrowserBridge;
  let base: string;
  let port: number;
  const readers: Reader[] = [];
  const sockets: Socket[] = [];

  async function start(eventStream: EventStreamOptions = {}) {
    ({ host, browser, base } = await startBrowserHost({
      bridge: { eventStream },
      host: { listener: false },
    }));
    port = Number(new URL(base).port);
  }

  async function reader(): Promise<Reader> {
    const opened = new Reader();
    await opened.open(`${base}/__workbench/events?token=${browser.token}`);
    readers.push(opened);
    return opened;
  }

  beforeEach(() => {
    readers.length = 0;
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(readers.map((r) => r.close()));
    await host?.close();
  });

  const changed = (id: string, status: string) =>
    host.deps.events.emit('resource-changed', { kind: 'order', id, status, trigger: 'test' });

  it('coalesces a burst: the newest state of each resource, once', async () => {
    await start({ flushIntervalMs: 50 });
    const page = await reader();
    for (let i = 0; i < 1_000; i++) changed('ORDER-A', `STATUS-${i}`);
    changed('ORDER-B', 'CREATED');
    for (let i = 0; i < 200; i++) host.deps.events.emit('clock-moved', { now: `T${i}`, offset_ms: i });
    await page.until(() => page.events.some((e) => e.type === 'clock-moved'), 'the clock');
    await new Promise((r) => setTimeout(r, 150));
    const orders = page.events.filter((e) => e.type === 'resource-changed');
    expect(orders.map((e) => e.data)).toEqual([
      { kind: 'order', id: 'ORDER-A', status: 'STATUS-999', trigger: 'test' },
      { kind: 'order', id: 'ORDER-B', status: 'CREATED', trigger: 'test' },
    ]);
    expect(page.events.filter((e) => e.type === 'clock-moved').map((e) => e.data)).toEqual([
      { now: 'T199', offset_ms: 199 },
    ]);
  });

  it('keeps the newest few of a burst of distinct resources, and later bursts arrive too', async () => {
    await start({ flushIntervalMs: 50, maxPerType: 10 });
    const page = await reader();
    for (let i = 0; i < 500; i++) changed(`ORDER-${i}`, 'CREATED');
    await page.until(() => page.events.length >= 10, 'the burst');
    await new Promise((r) => setTimeout(r, 150));
    expect(
      page.events.filter((e) => e.type === 'resource-changed').map((e) => (e.data as { id: string }).id),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `ORDER-${490 + i}`));
    // The flush says what it left out, after the events it kept.
    expect(page.events.at(-1)).toEqual({
      type: 'events-left-out',
      data: { counts: { 'resource-changed': 490 }, resource_kinds: { order: 490 } },
    });
    changed('ORDER-LATER', 'APPROVED');
    await page.until(() => page.events.some((e) => (e.data as { id: string }).id === 'ORDER-LATER'), 'later');
  });

  it('counts what each flush left out, so kept and left out add up to every event of a burst', async () => {
    await start({ flushIntervalMs: 20, maxPerType: 50 });
    const page = await reader();
    // 2,000 creates from several callers arrive over many flushes, with the same order changing twice.
    for (let i = 0; i < 2_000; i++) {
      changed(`ORDER-${i}`, 'CREATED');
      if (i % 400 === 0) await new Promise((r) => setTimeout(r, 30));
    }
    changed('ORDER-7', 'APPROVED');
    for (let i = 0; i < 120; i++)
      host.deps.events.emit('webhook-received', {
        id: `M-${i}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        received_at: 'now',
        answered_status: 200,
        mock: false,
      });
    await page.until(
      () => page.events.some((e) => (e.data as { id?: string }).id === 'M-119'),
      'the last webhook',
    );
    await new Promise((r) => setTimeout(r, 100));
    const kept = (type: string) => page.events.filter((e) => e.type === type).length;
    const leftOut = page.events
      .filter((e) => e.type === 'events-left-out')
      .map((e) => e.data as { counts: Record<string, number>; resource_kinds: Record<string, number> });
    const sum = (pick: (l: (typeof leftOut)[number]) => number | undefined) =>
      leftOut.reduce((total, l) => total + (pick(l) ?? 0), 0);
    // Fewer sent than happened (the cap held), and not one change uncounted.
    expect(kept('resource-changed')).toBeLessThan(2_001);
    expect(kept('resource-changed') + sum((l) => l.counts['resource-changed'])).toBe(2_001);
    expect(sum((l) => l.resource_kinds.order)).toBe(sum((l) => l.counts['resource-changed']));
    expect(kept('webhook-received')).toBe(50);
    expect(sum((l) => l.counts['webhook-received'])).toBe(70);
  });

  it('sends no account of left-out events when a flush kept everything', async () => {
    await start({ flushIntervalMs: 20 });
    const page = await reader();
    changed('ORDER-A', 'CREATED');
    changed('ORDER-B', 'CREATED');
    await page.until(() => page.events.length >= 2, 'both');
    await new Promise((r) => setTimeout(r, 100));
    expect(page.events.map((e) => e.type)).toEqual(['resource-changed', 'resource-changed']);
  });

  /** Bursts of big events (20 KB each, 20 distinct per flush) until `enough()`: kernel buffers fill fast. */
  async function flood(enough: () => boolean, page?: Reader): Promise<void> {
    const big = 'x'.repeat(20_000);
    for (let round = 0; round < 2_000 && !enough(); round++) {
      for (let i = 0; i < 20; i++)
        host.deps.events.emit('webhook-received', {
          id: `M-${round}-${i}`,
          event_type: big,
          received_at: 'now',
          answered_status: 200,
          mock: false,
        });
      // A reading page reads each burst before the next: it keeps up, as a browser tab does.
      if (page)
        await page.until(
          () => page.events.some((e) => (e.data as { id?: string }).id === `M-${round}-19`),
          'burst',
        );
      else await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A dropped client learns it once it reads again: the server closed its end. */
  async function expectClosedByServer(client: { socket: Socket; closed: Promise<void> }): Promise<void> {
    client.socket.resume();
    await client.closed;
  }

  it('drops clients that do not read, within a bounded buffer, and keeps serving those that do', async () => {
    await start({ flushIntervalMs: 5, maxBufferedBytes: 256 * 1024 });
    const page = await reader();
    const idle = await Promise.all(Array.from({ length: 5 }, () => nonReader(port, browser.token)));
    sockets.push(...idle.map((c) => c.socket));
    expect(browser.eventStreamStats()).toEqual({ clients: 6, dropped: 0 });
    await flood(() => browser.eventStreamStats().dropped >= 5, page);
    expect(browser.eventStreamStats()).toEqual({ clients: 1, dropped: 5 });
    for (const client of idle) await expectClosedByServer(client);
    // The reading page is still there and gets what comes next.
    changed('ORDER-AFTER', 'CREATED');
    await page.until(
      () => page.events.some((e) => (e.data as { id?: string }).id === 'ORDER-AFTER'),
      'after',
    );
  });

  it('drops a client whose socket stays full, however little the host holds for it', async () => {
    await start({ flushIntervalMs: 5, stallMs: 200, maxBufferedBytes: 1024 * 1024 * 1024 });
    const idle = await nonReader(port, browser.token);
    sockets.push(idle.socket);
    await flood(() => browser.eventStreamStats().dropped >= 1);
    expect(browser.eventStreamStats()).toEqual({ clients: 0, dropped: 1 });
    await expectClosedByServer(idle);
  });

  it('subscribes to the host only while someone listens', async () => {
    await start();
    const listeners = () => host.deps.events.listenerCount('resource-changed');
    const before = listeners();
    const page = await reader();
    const second = await reader();
    expect(listeners()).toBe(before + 1);
    await page.close();
    await second.close();
    for (let i = 0; i < 50 && browser.eventStreamStats().clients > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(listeners()).toBe(before);
  });
});
