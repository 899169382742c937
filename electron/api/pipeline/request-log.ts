import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HostEvents } from '../../events.js';
import type { Logger } from '../../scheduler.js';
import type { LoggedDeprecation, RequestLogRow } from '../../store/repositories/request-log-repo.js';
import type { Store } from '../../store/store.js';
import type { Clock } from '../../clock.js';
import { classifyUserAgent, type RequestSource } from '../../../shared/request-source.js';
import { applyLoggedBody, type LoggedBody } from './logged-body.js';
import { routeConfig } from './route-config.js';
import { redactBodyText, redactJson, redactUrl } from '../../../shared/redact.js';
import { exchangeText, IsoTimes, RedactedHeadersText } from './logged-exchange.js';

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
 * What `record` keeps of an exchange until its batch is written: the texts and header objects as they
 * were when it was answered, unredacted. Strings and two small header objects, nothing of the request
 * or the reply themselves.
 */
interface RecordedExchange {
  real: number;
  offset: number;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  appId: string | null;
  debugId: string | null;
  requestHeaders: Record<string, unknown>;
  requestBody: string | undefined;
  requestType: string | undefined;
  loggedBody: LoggedBody | undefined;
  responseHeaders: Record<string, unknown>;
  responseBody: string | undefined;
  responseType: string;
  deprecated: LoggedDeprecation | undefined;
  userAgent: string | undefined;
}

/**
 * Step 11 of the pipeline: every exchange goes to the request log. `record` keeps what the entry is
 * made of; the entries are redacted and serialized together, a batch at a time, when they are written
 * with the commit group of the requests served next (Database.grouped), so the log costs no transaction
 * of its own while the API is busy. Made one after the other, the entries run the redaction and the
 * serialization with their code and data still in the CPU's caches, where one entry made in each
 * request's answer found them cold every time.
 */
export class RequestLogger {
  private pending: RecordedExchange[] = [];
  private scheduled = false;
  private written = 0;
  /** The last User-Agent classified and its source: a client sends the same one with every request. */
  private lastAgent: { userAgent: string | undefined; source: RequestSource } = {
    userAgent: undefined,
    source: classifyUserAgent(undefined),
  };
  private readonly requestHeaders = new RedactedHeadersText();
  private readonly responseHeaders = new RedactedHeadersText();
  private readonly realTimes = new IsoTimes();
  private readonly simulatedTimes = new IsoTimes();

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
    this.pending.push({
      // Both times of one instant: `at` is the real (wall-clock) time, which the log's filters and the
      // HAR use; the simulated time is what the API's resources were stamped with while it answered.
      real: Date.now(),
      offset: this.clock.offset,
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      appId: request.ctx?.app.id ?? null,
      debugId: request.debugId ?? null,
      requestHeaders: request.headers,
      requestBody: request.rawBody,
      requestType: request.headers['content-type'],
      loggedBody: route?.loggedBody,
      // A copy: the headers as answered.
      responseHeaders: reply.getHeaders() as Record<string, unknown>,
      responseBody: typeof payload === 'string' ? payload : undefined,
      responseType: String(reply.getHeader('content-type') ?? ''),
      deprecated: route?.deprecated
        ? { operation_id: route.operationId, replacement: route.deprecated.replacement }
        : undefined,
      userAgent: request.headers['user-agent'],
    });
    if (!this.scheduled) {
      this.scheduled = true;
      // The next turn's check phase: the requests read in that turn have opened a group to join.
      setImmediate(() => this.writeWithNextGroup());
    }
  }

  /**
   * The entry's row: headers and bodies redacted, the exchange serialized. The bodies are texts of their
   * own beside it (serialized inside it, every quote of a JSON body was escaped: the largest part of an
   * entry's cost).
   */
  private rowOf(recorded: RecordedExchange): RequestLogRow {
    const { deprecated, userAgent } = recorded;
    const source = this.sourceOf(userAgent);
    const at = this.realTimes.of(recorded.real);
    // Until the clock is moved the simulated time is the real one: the same text, formatted once.
    const simulatedAt = recorded.offset === 0 ? at : this.simulatedTimes.of(recorded.real + recorded.offset);
    const row: RequestLogRow = {
      at,
      method: recorded.method,
      path: redactUrl(recorded.url),
      status: recorded.status,
      duration_ms: recorded.durationMs,
      app_id: recorded.appId,
      debug_id: recorded.debugId,
      exchange: exchangeText({
        requestHeaders: this.requestHeaders.of(recorded.requestHeaders),
        responseHeaders: this.responseHeaders.of(recorded.responseHeaders),
        deprecated,
        source,
        userAgent: userAgent?.slice(0, MAX_USER_AGENT),
        simulatedAt,
      }),
      request_body: loggedBodyText(recorded.requestBody, recorded.requestType, recorded.loggedBody),
      response_body: loggedBodyText(recorded.responseBody, recorded.responseType),
    };
    if (deprecated) row.deprecated = deprecated;
    row.source = source;
    row.simulated_at = simulatedAt;
    return row;
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
    const recorded = this.pending;
    this.pending = [];
    const rows: RequestLogRow[] = [];
    for (const entry of recorded) {
      // Made outside the request now: a failure here must not take the process down with it.
      try {
        rows.push(this.rowOf(entry));
      } catch (error) {
        this.logger.error(`request log: the entry of ${entry.method} ${entry.url} could not be made`, error);
      }
    }
    return rows.length > 0 ? rows : undefined;
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
        const { exchange: _exchange, request_body: _request, response_body: _response, ...summary } = row;
        // The event carries the summary the list shows: source and simulated time ride along.
        this.events.emit('request-logged', { ...summary, id: ids[i] ?? 0 });
      }),
    );
  }
}
