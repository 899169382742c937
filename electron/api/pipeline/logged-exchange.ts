import type { RequestSource } from '../../../shared/request-source.js';
import { redactHeader } from '../../../shared/redact.js';
import type { LoggedDeprecation } from '../../store/repositories/request-log-repo.js';

/**
 * A header object's redacted members as JSON text, remembered member by member: a client sends the same
 * headers with every request (its token, its agent, its content type) and a reply the same ones but its
 * debug id, so the member made for the previous exchange at the same position is reused when its name and
 * value are the same, and only the ones that changed are redacted and serialized again. The text equals
 * `JSON.stringify(redactHeaders(headers))`; it is what every request's log entry spent most of its
 * redaction on.
 */
export class RedactedHeadersText {
  private names: string[] = [];
  private values: unknown[] = [];
  private members: string[] = [];

  of(headers: Record<string, unknown>): string {
    const names = Object.keys(headers);
    let text = '{';
    let position = 0;
    for (const name of names) {
      const value = headers[name];
      if (value === undefined) continue;
      // A repeated header's array is a new one each time: compared by identity it is made again, as it should be.
      if (this.names[position] !== name || this.values[position] !== value) {
        this.names[position] = name;
        this.values[position] = value;
        this.members[position] = `${JSON.stringify(name)}:${JSON.stringify(redactHeader(name, value))}`;
      }
      text += position === 0 ? this.members[position] : `,${this.members[position]}`;
      position++;
    }
    return `${text}}`;
  }
}

/** What an entry's `entry` column holds besides the bodies (RequestLogExchange without them). */
export interface ExchangeParts {
  requestHeaders: string;
  responseHeaders: string;
  deprecated: LoggedDeprecation | undefined;
  source: RequestSource;
  userAgent: string | undefined;
  simulatedAt: string;
}

/**
 * The exchange as its row keeps it, written out member by member in the stored order with the headers'
 * texts as they are: one concatenation where an object was built to be serialized whole.
 */
export function exchangeText(parts: ExchangeParts): string {
  let text = `{"request":{"headers":${parts.requestHeaders}},"response":{"headers":${parts.responseHeaders}}`;
  if (parts.deprecated) text += `,"deprecated":${JSON.stringify(parts.deprecated)}`;
  text += `,"source":${JSON.stringify(parts.source)}`;
  if (parts.userAgent) text += `,"user_agent":${JSON.stringify(parts.userAgent)}`;
  return `${text},"simulated_at":${JSON.stringify(parts.simulatedAt)}}`;
}

/**
 * ISO texts of instants, the last one remembered: a busy API answers a dozen requests in one
 * millisecond, and formatting a date is a good part of what an entry's times cost.
 */
export class IsoTimes {
  private lastMs = Number.NaN;
  private lastText = '';

  of(ms: number): string {
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastText = new Date(ms).toISOString();
    }
    return this.lastText;
  }
}
