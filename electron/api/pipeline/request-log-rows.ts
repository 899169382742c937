import type { LoggedDeprecation, RequestLogRow } from '../../store/repositories/request-log-repo.js';
import { classifyUserAgent, type RequestSource } from '../../../shared/request-source.js';
import { redactBodyText, redactUrl } from '../../../shared/redact.js';
import { exchangeText, IsoTimes, RedactedHeadersText } from './logged-exchange.js';

const MAX_LOGGED_BODY = 64 * 1024;
/** Masked with this much text beyond the cut, so a card number across the cut is masked too. */
const CUT_MARGIN = 64;
/** A User-Agent is kept up to this length (a header may be far longer; the source is decided before the cut). */
const MAX_USER_AGENT = 512;

/**
 * The body text as the log keeps it: as sent when nothing in it can be sensitive (the common case costs
 * a few regular expressions), redacted otherwise (JSON is parsed, redacted and re-serialized; forms field
 * by field; other text has its card numbers masked). A body past 64 KiB is cut, after masking. An
 * operation's own `loggedBody` declaration has been applied before (request-log.ts).
 */
export function loggedBodyText(
  received: string | undefined,
  contentType: string | undefined,
): string | undefined {
  if (received === undefined || received.length === 0) return undefined;
  if (received.length <= MAX_LOGGED_BODY) return redactBodyText(received, contentType);
  return redactBodyText(received.slice(0, MAX_LOGGED_BODY + CUT_MARGIN), contentType).slice(
    0,
    MAX_LOGGED_BODY,
  );
}

/**
 * What the log keeps of an exchange until its row is made: the texts and header objects as they were
 * when it was answered, unredacted. Plain data (strings, numbers, two small header objects), so it
 * crosses to the log's thread as it is.
 */
export interface RecordedExchange {
  /** The real (wall-clock) time of the answer, ms since the epoch. */
  real: number;
  /** The clock's offset then: the simulated time is `real + offset`. */
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
  responseHeaders: Record<string, unknown>;
  responseBody: string | undefined;
  responseType: string;
  deprecated: LoggedDeprecation | undefined;
  userAgent: string | undefined;
}

/**
 * Makes log rows from recorded exchanges, one after the other: headers and bodies redacted, the exchange
 * serialized. It remembers what repeats from one exchange to the next (the headers a client sends every
 * time, its User-Agent's source, the last millisecond's time text), so a row costs what changed.
 */
export class RequestLogRows {
  /** The last User-Agent classified and its source: a client sends the same one with every request. */
  private lastAgent: { userAgent: string | undefined; source: RequestSource } = {
    userAgent: undefined,
    source: classifyUserAgent(undefined),
  };
  private readonly requestHeaders = new RedactedHeadersText();
  private readonly responseHeaders = new RedactedHeadersText();
  private readonly realTimes = new IsoTimes();
  private readonly simulatedTimes = new IsoTimes();

  /**
   * The entry's row. The bodies are texts of their own beside the exchange (serialized inside it, every
   * quote of a JSON body was escaped: the largest part of an entry's cost).
   */
  rowOf(recorded: RecordedExchange): RequestLogRow {
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
      request_body: loggedBodyText(recorded.requestBody, recorded.requestType),
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
}
