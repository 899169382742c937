import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ListenerMessage,
  ListenerMessageSummary,
  ListenerSettings,
  ListenerSettingsInput,
  ListenerState,
} from '../../shared/webhooks/listener.js';
import { MOCK_WEBHOOK_ID } from '../../shared/webhooks/delivery.js';
import type { HostEvents } from '../events.js';
import type { CertificateCache } from './cert-cache.js';
import { verifyReceived, type Verification, type WebhookIdCandidate } from './listener-verify.js';
import { newListenerMessageId } from './webhook-ids.js';

const MAX_BODY_BYTES = 1024 * 1024;
const KEEP_MESSAGES = 500;
const KEEP_BYTES = 32 * 1024 * 1024;

export interface ListenerDeps {
  events: HostEvents;
  certificates: CertificateCache;
  /** Simulated time, so received times line up with delivery attempts. */
  now(): number;
  /** Ids of the subscriptions whose URL points at this listener and `path`. */
  subscriptionsFor(port: number, path: string): string[];
}

interface StoredMessage {
  summary: ListenerMessageSummary;
  headers: [string, string][];
  body: Buffer;
  json: unknown;
  verification: Verification;
}

const PENDING: Verification = {
  verdict: 'PENDING',
  webhook_id: null,
  webhook_id_source: null,
  certificate_fingerprint: null,
  steps: [],
};

/**
 * The local webhook listener: receives POSTs on any path, keeps every byte and
 * header as it arrived, verifies each delivery as a real receiver would (spec 6.6), and answers with
 * the status and after the delay the user chose, to exercise retries. Messages are kept in memory (the
 * newest 500); the delivery attempts themselves are persisted by the sender.
 */
export class LocalListener {
  private server: Server | undefined;
  private port: number | undefined;
  private host = '127.0.0.1';
  private readonly messages: StoredMessage[] = [];
  private keptBytes = 0;
  private received = 0;
  private settings: ListenerSettings = { status: 200, delay_ms: 0, webhook_id: null };
  private readonly verifications = new Set<Promise<void>>();
  private readonly answers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: ListenerDeps) {}

  /** Listens on `host:port` (0 picks a free port); resolves with the listener's URL. */
  async start(host: string, port: number): Promise<string> {
    if (this.server) return this.url ?? '';
    const server = createServer((request, response) => this.handle(request, response));
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.host = host;
    this.port = (server.address() as AddressInfo).port;
    return this.url ?? '';
  }

  async stop(): Promise<void> {
    for (const timer of this.answers) clearTimeout(timer);
    this.answers.clear();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Base URL, e.g. `http://127.0.0.1:8601`; the sandbox subscribes `<url>/webhooks`. */
  get url(): string | null {
    if (this.port === undefined || !this.server) return null;
    // Bound to every interface: the URL senders use is the loopback one.
    const host = this.host === '0.0.0.0' ? '127.0.0.1' : this.host === '::' ? '::1' : this.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
  }

  get listeningPort(): number | undefined {
    return this.server ? this.port : undefined;
  }

  state(): ListenerState {
    return { running: this.server !== undefined, url: this.url, received: this.received, ...this.settings };
  }

  configure(input: ListenerSettingsInput): ListenerSettings {
    this.settings = {
      status: input.status ?? this.settings.status,
      delay_ms: input.delay_ms ?? this.settings.delay_ms,
      webhook_id: input.webhook_id === undefined ? this.settings.webhook_id : input.webhook_id,
    };
    return { ...this.settings };
  }

  list(limit: number): ListenerMessageSummary[] {
    return this.messages
      .slice(-limit)
      .reverse()
      .map((m) => ({ ...m.summary }));
  }

  get(id: string): ListenerMessage | undefined {
    const message = this.messages.find((m) => m.summary.id === id);
    if (!message) return undefined;
    return {
      ...message.summary,
      headers: message.headers,
      raw_body: message.body.toString('utf8'),
      raw_body_base64: message.body.toString('base64'),
      json: message.json,
      verification: message.verification,
    };
  }

  clear(): void {
    this.messages.length = 0;
    this.keptBytes = 0;
  }

  /** Resolves when every message received so far is verified. */
  async settled(): Promise<void> {
    while (this.verifications.size > 0) await Promise.allSettled([...this.verifications]);
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'POST') {
      if (request.method === 'GET' && (request.url === '/' || request.url === '')) {
        response
          .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Payments Workbench webhook listener: POST events to any path.\n');
      } else {
        response
          .writeHead(405, { allow: 'POST', 'content-type': 'application/json' })
          .end('{"error":"only POST is received here"}');
      }
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooLarge) {
        response
          .writeHead(413, { 'content-type': 'application/json' })
          .end('{"error":"body larger than 1 MiB"}');
        return;
      }
      this.receive(request, Buffer.concat(chunks), response);
    });
    request.on('error', () => response.destroy());
  }

  private receive(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const path = request.url ?? '/';
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      json = undefined;
    }
    const envelope = json && typeof json === 'object' ? (json as { id?: unknown; event_type?: unknown }) : {};
    const { status, delay_ms } = this.settings;
    const headers: [string, string][] = [];
    for (let i = 0; i + 1 < request.rawHeaders.length; i += 2)
      headers.push([request.rawHeaders[i] ?? '', request.rawHeaders[i + 1] ?? '']);
    const message: StoredMessage = {
      summary: {
        id: newListenerMessageId(),
        received_at: new Date(this.deps.now()).toISOString(),
        method: request.method ?? 'POST',
        path,
        event_id: typeof envelope.id === 'string' ? envelope.id : null,
        event_type: typeof envelope.event_type === 'string' ? envelope.event_type : null,
        size: body.length,
        answered_status: status,
        verdict: 'PENDING',
        mock: false,
      },
      headers,
      body,
      json,
      verification: PENDING,
    };
    this.keep(message);
    this.received++;

    const answer = () => {
      if (!response.destroyed)
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ received: status >= 200 && status < 300, message_id: message.summary.id }));
    };
    if (delay_ms > 0) {
      const timer = setTimeout(() => {
        this.answers.delete(timer);
        answer();
      }, delay_ms);
      this.answers.add(timer);
    } else answer();

    const verification = verifyReceived(
      request.headers as Record<string, string | undefined>,
      body,
      this.candidates(path),
      this.deps.certificates,
    )
      .then((result) => {
        message.verification = result;
        message.summary.verdict = result.verdict;
        message.summary.mock = result.webhook_id_source === 'mock';
      })
      .catch((error: unknown) => {
        message.verification = {
          ...PENDING,
          verdict: 'FAILURE',
          steps: [{ step: 'headers', ok: false, label: 'Verification', detail: (error as Error).message }],
        };
        message.summary.verdict = 'FAILURE';
      })
      .finally(() => {
        this.verifications.delete(verification);
        this.deps.events.emit('webhook-received', {
          id: message.summary.id,
          event_type: message.summary.event_type ?? '(not an event)',
          received_at: message.summary.received_at,
          answered_status: message.summary.answered_status,
          mock: message.summary.mock,
        });
      });
    this.verifications.add(verification);
  }

  /** Webhook ids to verify with: the user's, the subscriptions pointing here, and the mock id. */
  private candidates(path: string): WebhookIdCandidate[] {
    const out: WebhookIdCandidate[] = [];
    const configured = this.settings.webhook_id;
    if (configured) out.push({ id: configured, source: 'configured', note: 'configured on the listener' });
    for (const id of this.deps.subscriptionsFor(this.port ?? 0, path)) {
      if (id !== configured)
        out.push({
          id,
          source: 'subscription',
          note: `from the subscription whose URL is this listener's ${path}`,
        });
    }
    out.push({
      id: MOCK_WEBHOOK_ID,
      source: 'mock',
      note: 'the literal id of mock events from the simulator',
    });
    return out;
  }

  private keep(message: StoredMessage): void {
    this.messages.push(message);
    this.keptBytes += message.body.length;
    while (this.messages.length > KEEP_MESSAGES || this.keptBytes > KEEP_BYTES) {
      const dropped = this.messages.shift();
      if (!dropped) break;
      this.keptBytes -= dropped.body.length;
    }
  }
}
