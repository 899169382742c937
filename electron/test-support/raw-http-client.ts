import { connect, type Socket } from 'node:net';

/** A raw HTTP/1.1 response as it came off the socket. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

/**
 * A client that speaks HTTP by hand, so it can be as slow, malformed or oversized as a hostile one:
 * `response()` waits for one whole response, `closed` settles when the server closes the socket.
 */
export class RawClient {
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  readonly closed: Promise<void>;
  private isClosed = false;

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.wake();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string | Buffer): void {
    this.socket.write(text);
  }

  /** The next whole response (Content-Length framed), or what arrived before the socket closed. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.isClosed) throw new Error(`closed after ${JSON.stringify(this.received.toString())}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** True once the server has closed the connection, within `ms` (never in a test that passes). */
  async closesWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const closed = await Promise.race([this.closed.then(() => true as const), timeout]);
    clearTimeout(timer);
    return closed;
  }

  /** Reads nothing more off the socket: the server's answers pile up in the kernel, then in the server. */
  stopReading(): void {
    this.socket.pause();
  }

  resumeReading(): void {
    this.socket.resume();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  private parse(): RawResponse | undefined {
    const text = this.received.toString('latin1');
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.received.length < end + 4 + length) return undefined;
    const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
    this.received = this.received.subarray(end + 4 + length);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    return { status: Number(statusLine.split(' ')[1]), headers, text: body, body: parsed };
  }
}
