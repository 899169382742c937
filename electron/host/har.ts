import type { RequestLogEntry } from '../store/repositories/request-log-repo.js';

const pairs = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

const bodyText = (body: unknown): string =>
  body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);

/** The request log as HAR 1.2, for browser dev tools, Charles, Fiddler or a bug report. */
export function toHar(entries: readonly RequestLogEntry[], baseUrl: string, version: string): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Payments Workbench', version },
      entries: entries.map((entry) => {
        const url = new URL(entry.path, baseUrl);
        const requestText = bodyText(entry.request.body);
        const responseText = bodyText(entry.response.body);
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
        };
      }),
    },
  };
}
