import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HostEvents } from '../../events.js';
import type { Logger } from '../../scheduler.js';
import type { StoreLocation } from '../../store/connection.js';
import type { RequestLogEntry } from '../../store/repositories/request-log-repo.js';
import type { Clock } from '../../clock.js';
import { redactJson } from '../../../shared/redact.js';
import { applyLoggedBody, type LoggedBody } from './logged-body.js';
import type { AppendResult, LogSearch } from './request-log-keeper.js';
import type { RecordedExchange } from './request-log-rows.js';
import { RequestLogThread } from './request-log-thread.js';
import { routeConfig } from './route-config.js';

export { maskCardNumber, redactHeaders } from '../../../shared/redact.js';

/**
 * Exchanges go to the log's thread this long after the first of them waits, or at once when this many
 * wait. Each message wakes the thread, and the wake-up costs both threads: sent once per event-loop turn
 * (about every millisecond under load), the main thread spent 55 to 77 µs a create and the log's thread
 * 11.5 to 15.7; sent at most every 5 ms, 49 to 53 and 8.1 to 10.1 (alternating bundles, four rounds of
 * 6 s each). A read sends what waits first, so nothing is seen later for it; the live list shows an
 * exchange at most 5 ms later.
 */
const SEND_AFTER_MS = 5;
const SEND_AT_ENTRIES = 256;

/** A copy of a JSON body with secrets and card numbers redacted, for the log (see shared/redact.ts). */
export const redactBody = (value: unknown): unknown => redactJson(value);

/**
 * Step 11 of the pipeline: every exchange goes to the request log. `record` keeps what the entry is
 * made of, as plain data; a few milliseconds' worth of entries at a time go to the log's thread
 * (request-log-thread.ts), which redacts and serializes them and writes them to the log's own database,
 * off the thread that serves the API. Made there one after the other, the entries also run the redaction
 * and the serialization with their code and data in the CPU's caches.
 *
 * The reads (`recent`, `search`, `byId`) send what is still waiting first, so they see every exchange
 * answered before them.
 */
export class RequestLogger {
  private pending: RecordedExchange[] = [];
  /** Set while entries wait for their send (`SEND_AFTER_MS`). */
  private timer: NodeJS.Timeout | undefined;
  private readonly thread: RequestLogThread;

  constructor(
    location: StoreLocation,
    private readonly events: HostEvents,
    private readonly logger: Logger,
    private readonly clock: Pick<Clock, 'offset'>,
  ) {
    this.thread = new RequestLogThread(
      location,
      (result) => this.appended(result),
      (error) => this.logger.error('request log: its thread failed; what it held is lost', error),
    );
  }

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
      ...requestBody(request.rawBody, request.headers['content-type'], route?.loggedBody),
      // A copy: the headers as answered.
      responseHeaders: reply.getHeaders() as Record<string, unknown>,
      responseBody: typeof payload === 'string' ? payload : undefined,
      responseType: String(reply.getHeader('content-type') ?? ''),
      deprecated: route?.deprecated
        ? { operation_id: route.operationId, replacement: route.deprecated.replacement }
        : undefined,
      userAgent: request.headers['user-agent'],
    });
    if (this.pending.length >= SEND_AT_ENTRIES) this.send();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.send(), SEND_AFTER_MS);
      // Never what keeps the process alive: `close` sends what waits.
      this.timer.unref();
    }
  }

  /** Sends what is waiting to the log's thread now (before reads that must see it, and at close). */
  flush(): void {
    this.send();
  }

  /** The newest entries first. */
  recent(limit: number, beforeId?: number): RequestLogEntry[] {
    this.send();
    return this.thread.recent(limit, beforeId);
  }

  /** Newest first, filtered by a path fragment, a status class (`4xx`), a start time and a source. */
  search(filter: LogSearch): RequestLogEntry[] {
    this.send();
    return this.thread.search(filter);
  }

  byId(id: number): RequestLogEntry | undefined {
    this.send();
    return this.thread.byId(id);
  }

  /** Sends what is waiting, waits for it to be written and closes the log. */
  close(): void {
    this.send();
    this.thread.close();
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const entries = this.pending;
    this.pending = [];
    try {
      // The summaries come back only for a listener (the workbench's list): nobody listens in CI runs.
      this.thread.append(entries, this.events.listenerCount('request-logged') > 0);
    } catch (error) {
      // A thread that cannot start loses the log, never the API.
      this.logger.error(`request log: ${entries.length} entries could not be written`, error);
    }
  }

  private appended({ summaries, failures }: AppendResult): void {
    for (const { what, message } of failures)
      this.logger.error(`request log: ${what} could not be written`, new Error(message));
    // The event carries the summary the list shows: source and simulated time ride along.
    for (const summary of summaries) this.events.emit('request-logged', summary);
  }
}

/**
 * The request body as it goes to the log's thread: what the operation declares of it (`loggedBody`, which
 * reads the whole body as JSON) is applied here, where the route is known; the general rules then hold
 * there.
 */
function requestBody(
  text: string | undefined,
  contentType: string | undefined,
  loggedBody: LoggedBody | undefined,
): Pick<RecordedExchange, 'requestBody' | 'requestType'> {
  if (!loggedBody || !text) return { requestBody: text, requestType: contentType };
  return { requestBody: applyLoggedBody(text, loggedBody), requestType: 'application/json' };
}
