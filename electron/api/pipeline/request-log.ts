import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HostEvents } from '../../events.js';
import type { RequestLogEntry } from '../../store/repositories/request-log-repo.js';
import type { Store } from '../../store/store.js';
import { CARD_NUMBER_LIKE } from './api-error.js';

const SECRET_KEYS = new Set([
  'access_token',
  'client_secret',
  'refresh_token',
  'cvv',
  'cvv2',
  'security_code',
  'password',
]);
const CARD_NUMBER_KEYS = new Set(['number', 'card_number']);
const MAX_LOGGED_BODY = 64 * 1024;
const KEEP_ENTRIES = 20_000;

/** Masks all but the last four digits of anything that looks like a card number. */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 12 ? '•'.repeat(digits.length - 4) + digits.slice(-4) : value;
}

/** A copy of a JSON body with secrets and card numbers redacted, for the log. */
export function redactBody(value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    if (key && SECRET_KEYS.has(key)) return '[redacted]';
    if ((key && CARD_NUMBER_KEYS.has(key)) || CARD_NUMBER_LIKE.test(value)) return maskCardNumber(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => redactBody(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactBody(v, k)]));
  }
  return value;
}

export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (name === 'authorization') {
      const [scheme = ''] = text.split(' ');
      out[name] = `${scheme} [redacted]`;
    } else out[name] = text;
  }
  return out;
}

/** A body that may hold a secret or a card number: only these are parsed and redacted. */
const SENSITIVE =
  /"(access_token|client_secret|refresh_token|cvv2?|security_code|password|number|card_number)"|\d{12,19}|(refresh_token|client_secret|password)=/;

/**
 * The body text as the log keeps it: as sent when nothing in it is sensitive (the common case costs no
 * parse), redacted otherwise (JSON is parsed, redacted and re-serialized; anything else is withheld).
 */
export function loggedBodyText(
  text: string | undefined,
  contentType: string | undefined,
): string | undefined {
  if (text === undefined || text.length === 0) return undefined;
  const clipped = text.length > MAX_LOGGED_BODY ? text.slice(0, MAX_LOGGED_BODY) : text;
  if (!SENSITIVE.test(clipped)) return clipped;
  if (contentType?.includes('json')) {
    try {
      return JSON.stringify(redactBody(JSON.parse(clipped)));
    } catch {
      return '[redacted: unparseable body with sensitive content]';
    }
  }
  return '[redacted]';
}

/**
 * Step 11 of the pipeline: every exchange goes to the request log. Entries are buffered and written in
 * one transaction every few hundred milliseconds, so logging never costs a request its own write.
 */
export class RequestLogger {
  private buffer: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private written = 0;

  constructor(
    private readonly store: Store,
    private readonly events: HostEvents,
    private readonly flushMs = 250,
  ) {}

  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    if (request.routeOptions.config?.unlogged) return;
    const started = request.startedAt ?? process.hrtime.bigint();
    this.buffer.push({
      at: new Date().toISOString(),
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      app_id: request.ctx?.app.id ?? null,
      debug_id: request.debugId ?? null,
      request: {
        headers: redactHeaders(request.headers),
        body: loggedBodyText(request.rawBody, request.headers['content-type']),
      },
      response: {
        headers: redactHeaders(reply.getHeaders() as Record<string, unknown>),
        body: loggedBodyText(
          typeof payload === 'string' ? payload : undefined,
          String(reply.getHeader('content-type') ?? ''),
        ),
      },
    });
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Writes buffered entries and announces them. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length === 0 || !this.store.db.db.isOpen) return;
    const entries = this.buffer;
    this.buffer = [];
    this.store.requestLog.insertMany(entries);
    this.written += entries.length;
    if (this.written > KEEP_ENTRIES / 10) {
      this.store.requestLog.trim(KEEP_ENTRIES);
      this.written = 0;
    }
    for (const entry of entries) this.events.emit('request-logged', entry);
  }
}
