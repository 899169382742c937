import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A document rendered once: its bytes and their entity tag. The bytes are encoded once too: a string
 * body would be encoded to UTF-8 again on every send, and a string answer is what the request log copies
 * and masks (the first 64 KiB of a 284 KiB document, every time); a Buffer is handed to the socket as it
 * is, and the log keeps the exchange without the document (it is the same document every time).
 */
export interface CachedDocument {
  body: Buffer;
  etag: string;
  contentType: string;
}

export function cachedDocument(text: string, contentType: string): CachedDocument {
  const body = Buffer.from(text, 'utf8');
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${digest}"`, contentType };
}

/**
 * Answers with `document`, or 304 Not Modified when the caller already holds it (`If-None-Match`,
 * RFC 9110 13.1.2: a list of tags or `*`, weak tags compared weakly).
 */
export function sendCachedDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: CachedDocument,
): FastifyReply {
  reply.header('etag', document.etag);
  // The documents change only with the program: a client revalidates instead of trusting a copy.
  reply.header('cache-control', 'no-cache');
  if (holdsTag(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
  return reply.type(document.contentType).send(document.body);
}

function holdsTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Documents that differ only by the base URL they name (the host and port the caller used), rendered
 * once per base URL. The Host header is the caller's to choose, so only the most recent few are kept.
 */
export class DocumentsByBaseUrl {
  private readonly byBaseUrl = new Map<string, CachedDocument>();

  constructor(
    private readonly render: (baseUrl: string) => CachedDocument,
    private readonly capacity = 16,
  ) {}

  get(baseUrl: string): CachedDocument {
    let document = this.byBaseUrl.get(baseUrl);
    if (document) {
      // Most recently used last, so the oldest is the first to go.
      this.byBaseUrl.delete(baseUrl);
    } else {
      document = this.render(baseUrl);
      if (this.byBaseUrl.size >= this.capacity) {
        const oldest = this.byBaseUrl.keys().next().value;
        if (oldest !== undefined) this.byBaseUrl.delete(oldest);
      }
    }
    this.byBaseUrl.set(baseUrl, document);
    return document;
  }
}
