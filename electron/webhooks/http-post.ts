import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** What one POST came back with: a status (any), or the reason there was none. */
export interface PostOutcome {
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

const EXCERPT_BYTES = 1024;

function describeError(error: NodeJS.ErrnoException, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${error.code})`;
    case 'ECONNRESET':
      return 'connection reset by the receiver';
    default:
      return error.code ? `${error.code}: ${error.message}` : error.message;
  }
}

/**
 * Sends deliveries over keep-alive connections (a steady stream of deliveries does not pay a handshake
 * each); one per worker, so closing it closes only its own sockets.
 */
export class Poster {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 16 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

  /**
   * POSTs `body` (exact bytes) to `url`. Never rejects: a refused connection, a reset, a timeout over
   * the whole exchange, or any status at all is an outcome that the caller records. Redirects are not
   * followed (a 3xx is not a 2xx).
   */
  post(url: string, body: Buffer, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
    return postBytes(url, body, headers, timeoutMs, this.httpAgent, this.httpsAgent);
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function postBytes(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  timeoutMs: number,
  httpAgent: HttpAgent,
  httpsAgent: HttpsAgent,
): Promise<PostOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: Math.round((performance.now() - started) * 10) / 10 });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ statusCode: null, responseExcerpt: null, error: 'not a valid URL' });
      return;
    }
    const secure = target.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const request = send(target, {
      method: 'POST',
      agent: secure ? httpsAgent : httpAgent,
      headers: { ...headers, 'content-length': String(body.length) },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timeout'));
    }, timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < EXCERPT_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      response.on('end', () =>
        finish({
          statusCode: response.statusCode ?? null,
          responseExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
          error: null,
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          statusCode: response.statusCode ?? null,
          responseExcerpt: null,
          error: describeError(error, timeoutMs, timedOut),
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ statusCode: null, responseExcerpt: null, error: describeError(error, timeoutMs, timedOut) }),
    );
    request.end(body);
  });
}
