import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HostEvents } from '../../events.js';
import type { Logger } from '../../scheduler.js';
import type { RequestLogExchange, RequestLogRow } from '../../store/repositories/request-log-repo.js';
import type { Store } from '../../store/store.js';
import type { Clock } from '../../clock.js';
import { classifyUserAgent, type RequestSource } from '../../../shared/request-source.js';
import { applyLoggedBody, type LoggedBody } from './logged-body.js';
import { routeConfig } from './route-config.js';
import { redactBodyText, redactHeaders, redactJson, redactUrl } from '../../../shared/redact.js';

export { maskCardNumber, redactHeaders } from '../../../shared/redact.js';

const MAX_LOGGED_BODY = 64 * 1024;
/** Masked with this much text beyond the cut, so a card number across the cut is masked too. */
const CUT_MARGIN = 64;
const KEEP_ENTRIES = 20_000;
/** A User-Agent is kept up to this length (a header may be far longer; the source is decided before the cut). */
const MAX_USER_AGENT = 512;

/** A copy of a JSON body with secrets and card numbers redacted, for the log (see shared/redact.ts). */
export const redactBody = (value: unknown): unknown => redactJson(value);

/**
 * The body text as the log keeps it: as sent when nothing in it can be sensitive (the common case costs
 * one regular expression), redacted otherwise (JSON is parsed, redacted and re-serialized; forms field by
 * field; other text has its card numbers masked). An operation's own `loggedBody` declaration applies
 * first. A body past 64 KiB is cut, after masking.
 */
export function loggedBodyText(
  received: string | undefined,
  contentType: string | undefined,
  loggedBody?: LoggedBody,
): string | undefined {
  if (received === undefined || received.length === 0) return undefined;
  // What the operation declares goes first (it reads the whole body); the general rules then hold.
  const text = loggedBody ? applyLoggedBody(received, loggedBody) : received;
  if (loggedBody) contentType = 'application/json';
  if (text.length <= MAX_LOGGED_BODY) return redactBodyText(text, contentType);
  return redactBodyText(text.slice(0, MAX_LOGGED_BODY + CUT_MARGIN), contentType).slice(0, MAX_LOGGED_BODY);
}

/**
 * Step 11 of the pipeline: every exchange goes to the request log. An entry is serialized when recorded
 * (the buffer holds flat strings, not object graphs that would outlive a young-generation GC) and
 * written with the commit group of the requests served next (Database.grouped), so the log costs no
 * transaction of its own while the API is busy.
 */
export class RequestLogger {
  private pending: RequestLogRow[] = [];
  private scheduled = false;
  private written = 0;
  /** The last User-Agent classified and its source: a client sends the same one with every request. */
  private lastAgent: { userAgent: string | undefined; source: RequestSource } = {
    userAgent: undefined,
    source: classifyUserAgent(undefined),
  };

  constructor(
    private readonly store: Store,
    private readonly events: HostEvents,
    private readonly logger: Logger,
    private readonly clock: Pick<Clock, 'offset'>,
  ) {}

  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const config = routeConfig(request);
    if (config.unlogged) return;
    const started = request.startedAt ?? process.hrtime.bigint();
    // The operation the router matched says whether it is deprecated (spec 9.2): the answer is unchanged,
    // the log says what replaces it.
    const route = config.route;
    const deprecated = route?.deprecated
      ? { operation_id: route.operationId, replacement: route.deprecated.replacement }
      : undefined;
    // Both times of one instant: `at` is the real (wall-clock) time, which the log's filters and the HAR
    // use; the simulated time is what the API's resources were stamped with while it answered.
    const real = Date.now();
    const userAgent = request.headers['user-agent'];
    // Built member by member in the stored order rather than with conditional spreads: a spread into a
    // literal copies through the runtime, and this runs for every request.
    const exchange: RequestLogExchange = {
      request: {
        headers: redactHeaders(request.headers),
        body: loggedBodyText(request.rawBody, request.headers['content-type'], route?.loggedBody),
      },
      response: {
        headers: redactHeaders(reply.getHeaders() as Record<string, unknown>),
        body: loggedBodyText(
          typeof payload === 'string' ? payload : undefined,
          String(reply.getHeader('content-type') ?? ''),
        ),
      },
    };
    if (deprecated) exchange.deprecated = deprecated;
    const source = this.sourceOf(userAgent);
    exchange.source = source;
    if (userAgent) exchange.user_agent = userAgent.slice(0, MAX_USER_AGENT);
    const at = new Date(real).toISOString();
    // Until the clock is moved the simulated time is the real one: the same text, formatted once.
    const offset = this.clock.offset;
    const simulatedAt = offset === 0 ? at : new Date(real + offset).toISOString();
    exchange.simulated_at = simulatedAt;
    const row: RequestLogRow = {
      at,
      method: request.method,
      path: redactUrl(request.url),
      status: reply.statusCode,
      duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      app_id: request.ctx?.app.id ?? null,
      debug_id: request.debugId ?? null,
      exchange: JSON.stringify(exchange),
    };
    if (deprecated) row.deprecated = deprecated;
    row.source = source;
    row.simulated_at = simulatedAt;
    this.pending.push(row);
    if (!this.scheduled) {
      this.scheduled = true;
      // The next turn's check phase: the requests read in that turn have opened a group to join.
      setImmediate(() => this.writeWithNextGroup());
    }
  }

  private sourceOf(userAgent: string | undefined): RequestSource {
    const last = this.lastAgent;
    if (last.userAgent === userAgent) return last.source;
    const source = classifyUserAgent(userAgent);
    this.lastAgent = { userAgent, source };
    return source;
  }

  /**
   * Writes buffered entries now, in a transaction of their own (before reads that must see them, and at
   * close). A store that cannot take them (full) loses them with a log line, never the caller's work.
   */
  flush(): void {
    const rows = this.take();
    if (!rows) return;
    try {
      this.store.transaction(() => this.write(rows));
    } catch (error) {
      this.lost(rows, error);
    }
  }

  private writeWithNextGroup(): void {
    this.scheduled = false;
    const rows = this.take();
    if (!rows) return;
    this.store.db.grouped(() => this.write(rows)).catch((error: unknown) => this.lost(rows, error));
  }

  private lost(rows: readonly RequestLogRow[], error: unknown): void {
    this.logger.error(`request log: ${rows.length} entries could not be written`, error);
  }

  private take(): RequestLogRow[] | undefined {
    if (this.pending.length === 0 || !this.store.db.db.isOpen) return undefined;
    const rows = this.pending;
    this.pending = [];
    return rows;
  }

  private write(rows: readonly RequestLogRow[]): void {
    const ids = this.store.requestLog.insertMany(rows);
    this.written += rows.length;
    if (this.written > KEEP_ENTRIES / 10) {
      this.store.requestLog.trim(KEEP_ENTRIES);
      this.written = 0;
    }
    if (this.events.listenerCount('request-logged') === 0) return;
    this.store.db.afterCommit(() =>
      rows.forEach((row, i) => {
        const { exchange: _exchange, ...summary } = row;
        // The event carries the summary the list shows: source and simulated time ride along.
        this.events.emit('request-logged', { ...summary, id: ids[i] ?? 0 });
      }),
    );
  }
}
