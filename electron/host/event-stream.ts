import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { EventsLeftOut, HostBridgeEvent } from '../../shared/bridge.js';
import { LEFT_OUT_EVENT } from '../../shared/bridge-methods.js';

/** How the event stream paces and bounds itself; the defaults suit a UI and a load test at once. */
export interface EventStreamOptions {
  /** Events are sent at most this often, as one chunk per client holding the burst since the last. */
  flushIntervalMs?: number;
  /**
   * Socket writes a second for all clients together, at most: with many clients the flushes space out
   * (1,000 clients at 500 writes a second: a flush every 2 s), so their cost to the API stays bounded.
   */
  maxWritesPerSecond?: number;
  /** Bytes a client may leave unread in the host's buffer (beyond the kernel's); past it, it is dropped. */
  maxBufferedBytes?: number;
  /** A client whose socket stays full this long is dropped, however little it holds. */
  stallMs?: number;
  /** Comment line sent this often so proxies and browsers keep an idle stream open. */
  heartbeatMs?: number;
  /**
   * Distinct events of one type kept per flush, newest first; older ones of the burst are left out, and
   * the flush ends with one `events-left-out` event that counts them.
   */
  maxPerType?: number;
}

const DEFAULTS: Required<EventStreamOptions> = {
  // The UI refreshes a view at most every 300 ms anyway.
  flushIntervalMs: 100,
  // A write to a local socket costs 10 to 50 us (a system call and the TCP stack, more on a busy
  // machine): 500 a second stay within 1 to 2.5% of a core, whatever the number of clients.
  maxWritesPerSecond: 500,
  // 1,000 idle clients hold at most 64 MB, and a reading client never comes near it.
  maxBufferedBytes: 64 * 1024,
  stallMs: 10_000,
  heartbeatMs: 15_000,
  // Each of these invalidates the same lists; the UI shows the newest five notifications.
  maxPerType: 50,
};

/** The response head and first comment: the stream's body is delimited by the connection's close. */
const STREAM_HEAD = Buffer.from(
  'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-store\r\n' +
    'x-content-type-options: nosniff\r\nconnection: close\r\n\r\n: connected\n\n',
);

/** What makes two events the same thing at two moments: the newer one replaces the older in a burst. */
function coalescingKey(event: HostBridgeEvent): string {
  switch (event.type) {
    case 'resource-changed':
      return `${event.type}:${event.payload.kind}:${event.payload.id}`;
    case 'webhook-outbox-changed':
      return `${event.type}:${event.payload.event_id ?? ''}:${event.payload.delivery_id ?? ''}`;
    case 'webhook-received':
      return `${event.type}:${event.payload.id}`;
    // The newest log entry and the newest clock say all the UI needs: "refresh the log", "time moved".
    case 'request-logged':
    case 'clock-moved':
      return event.type;
  }
}

interface Client {
  socket: Socket;
  /** Since when the socket has refused more data (write returned false), until it drains. */
  stalledSince: number | undefined;
}

/**
 * The browser bridge's Server-Sent Events: one subscription to the host's events for all clients, bursts
 * coalesced and sent as one chunk per client per flush, and a bounded buffer per client. A client that
 * does not read is dropped: its EventSource reconnects, and the UI refetches what it shows on reconnect.
 * Without this each client cost a serialization and a write per event, and a client that never read kept
 * every byte in the host's memory (300 such clients took the host from 252 MB to 1.7 GB).
 */
export class EventStream {
  private readonly options: Required<EventStreamOptions>;
  private readonly clients = new Set<Client>();
  /** The burst since the last flush: coalescing key -> newest event, in order of last change. */
  private pending = new Map<string, HostBridgeEvent>();
  private pendingPerType = new Map<HostBridgeEvent['type'], number>();
  /** What the burst since the last flush left out: its events replaced by newer ones, or over the cap. */
  private leftOut: EventsLeftOut = { counts: {}, resource_kinds: {} };
  private anyLeftOut = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  private unsubscribe: (() => void) | undefined;
  private droppedCount = 0;

  /** `subscribe` is called when the first client arrives, and its result when the last one leaves. */
  constructor(
    private readonly subscribe: (listener: (event: HostBridgeEvent) => void) => () => void,
    options: EventStreamOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Streams to the socket of `response` (hijacked from the framework, the request already passed the
   * bridge's guard) until either side closes. The body runs until the connection closes (no chunked
   * framing), so each flush is one write of shared bytes: a chunked response costs four writes a chunk.
   */
  add(response: ServerResponse): void {
    const socket = response.socket;
    if (!socket || socket.destroyed) return;
    socket.write(STREAM_HEAD);
    const client: Client = { socket, stalledSince: undefined };
    this.clients.add(client);
    socket.once('close', () => this.remove(client));
    if (this.clients.size === 1) this.start();
  }

  /** Clients connected now, and clients dropped for not reading since the start. */
  stats(): { clients: number; dropped: number } {
    return { clients: this.clients.size, dropped: this.droppedCount };
  }

  private start(): void {
    this.unsubscribe = this.subscribe((event) => this.publish(event));
    this.heartbeat = setInterval(
      () => this.broadcast(Buffer.from(': keep-alive\n\n')),
      this.options.heartbeatMs,
    );
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.heartbeat);
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending.clear();
    this.pendingPerType.clear();
    this.leftOut = { counts: {}, resource_kinds: {} };
    this.anyLeftOut = false;
  }

  private remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    if (this.clients.size === 0) this.stop();
  }

  private publish(event: HostBridgeEvent): void {
    const key = coalescingKey(event);
    // Deleted first, so the map's order stays the order of each thing's latest change.
    const replaced = this.pending.get(key);
    if (replaced) {
      this.pending.delete(key);
      this.pendingPerType.set(event.type, (this.pendingPerType.get(event.type) ?? 1) - 1);
      this.countLeftOut(replaced);
    }
    this.pending.set(key, event);
    const count = (this.pendingPerType.get(event.type) ?? 0) + 1;
    this.pendingPerType.set(event.type, count);
    if (count > this.options.maxPerType) this.dropOldest(event.type);
    this.scheduleFlush();
  }

  private dropOldest(type: HostBridgeEvent['type']): void {
    for (const [key, event] of this.pending) {
      if (event.type !== type) continue;
      this.pending.delete(key);
      this.pendingPerType.set(type, (this.pendingPerType.get(type) ?? 1) - 1);
      this.countLeftOut(event);
      return;
    }
  }

  /** Counts an event the flush will not send: a page that counts a burst adds it to its total. */
  private countLeftOut(event: HostBridgeEvent): void {
    const { counts, resource_kinds } = this.leftOut;
    counts[event.type] = (counts[event.type] ?? 0) + 1;
    if (event.type === 'resource-changed')
      resource_kinds[event.payload.kind] = (resource_kinds[event.payload.kind] ?? 0) + 1;
    this.anyLeftOut = true;
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    const interval = Math.max(
      this.options.flushIntervalMs,
      (1_000 * this.clients.size) / this.options.maxWritesPerSecond,
    );
    const wait = Math.max(0, this.lastFlush + interval - Date.now());
    this.flushTimer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.flushTimer = undefined;
    this.lastFlush = Date.now();
    if (this.pending.size === 0) return;
    let text = '';
    for (const event of this.pending.values())
      text += `event: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
    // After the events it kept, so a page has its burst's latest event when it adds the rest to its count.
    if (this.anyLeftOut) text += `event: ${LEFT_OUT_EVENT}\ndata: ${JSON.stringify(this.leftOut)}\n\n`;
    this.pending = new Map();
    this.pendingPerType = new Map();
    this.leftOut = { counts: {}, resource_kinds: {} };
    this.anyLeftOut = false;
    // Serialized once; every client is sent the same bytes.
    this.broadcast(Buffer.from(text));
  }

  private broadcast(chunk: Buffer): void {
    const now = Date.now();
    for (const client of [...this.clients]) this.send(client, chunk, now);
  }

  private send(client: Client, chunk: Buffer, now: number): void {
    const { socket } = client;
    const stalled = client.stalledSince !== undefined && now - client.stalledSince > this.options.stallMs;
    // A client with nothing pending always takes the next chunk, however large (a flush is bounded).
    const buffered = socket.writableLength;
    if (stalled || (buffered > 0 && buffered + chunk.length > this.options.maxBufferedBytes)) {
      this.drop(client);
      return;
    }
    if (!socket.write(chunk) && client.stalledSince === undefined) {
      client.stalledSince = now;
      socket.once('drain', () => (client.stalledSince = undefined));
    }
  }

  /** Closes a client that does not keep up; what it missed it refetches when its EventSource reconnects. */
  private drop(client: Client): void {
    this.droppedCount++;
    this.remove(client);
    client.socket.destroy();
  }
}
