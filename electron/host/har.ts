import { redactBodyText, redactHeaders, redactUrl } from '../../shared/redact.js';
import type { RequestLogEntry } from '../store/repositories/request-log-repo.js';

const pairs = (headers: Record<string, string>) =>
  Object.entries(redactHeaders(headers)).map(([name, value]) => ({ name, value }));

/**
 * A logged body as exported, masked again: the log masks what it keeps, and an export must not depend on
 * it (entries written by an older version of the program, or a rule added since).
 */
const bodyText = (body: unknown, contentType: string | undefined): string => {
  if (body === undefined) return '';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return redactBodyText(text, contentType ?? 'application/json');
};

/**
 * The request log as HAR 1.2, for browser dev tools, Charles, Fiddler or a bug report. Card numbers,
 * security codes and credentials are masked in the URL, the headers and the bodies (shared/redact.ts).
 */
export function toHar(entries: readonly RequestLogEntry[], baseUrl: string, version: string): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Payments Workbench', version },
      entries: entries.map((entry) => {
        const url = new URL(redactUrl(entry.path), baseUrl);
        const requestText = bodyText(entry.request.body, entry.request.headers['content-type']);
        const responseText = bodyText(entry.response.body, entry.response.headers['content-type']);
        return {
          startedDateTime: entry.at,
          time: entry.duration_ms,
          request: {
            method: entry.method,
            url: url.toString(),
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(entry.request.headers),
            queryString: [...url.searchParams.entries()].map(([name, value]) => ({ name, value })),
            ...(requestText
              ? {
                  postData: {
                    mimeType: entry.request.headers['content-type'] ?? 'application/json',
                    text: requestText,
                  },
                }
              : {}),
            headersSize: -1,
            bodySize: requestText.length,
          },
          response: {
            status: entry.status,
            statusText: '',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(entry.response.headers),
            content: {
              size: responseText.length,
              mimeType: entry.response.headers['content-type'] ?? 'application/json',
              text: responseText,
            },
            redirectURL: entry.response.headers.location ?? '',
            headersSize: -1,
            bodySize: responseText.length,
          },
          cache: {},
          timings: { send: 0, wait: entry.duration_ms, receive: 0 },
          comment: entry.debug_id ? `debug_id ${entry.debug_id}` : '',
          // HAR allows fields of one's own with a leading underscore: who sent it and the simulated time.
          ...(entry.source ? { _source: entry.source } : {}),
          ...(entry.simulated_at ? { _simulatedDateTime: entry.simulated_at } : {}),
        };
      }),
    },
  };
}
