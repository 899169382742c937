import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';

/**
 * The test-only mapping of the platform's brand that lets its own client code run unchanged against the
 * sandbox (which spells the brand `svc`, spec part 1). Two pieces:
 *
 * - a small HTTP proxy on a free port that renames the brand's headers both ways (`PayPal-Request-Id`
 *   -> `Svc-Request-Id` on the way in, `Svc-Debug-Id` -> `PayPal-Debug-Id` on the way out) and the
 *   brand's member name in JSON bodies (`payment_source.paypal` <-> `payment_source.svc`); method, path,
 *   query and every other byte go through as the client wrote them;
 * - the brand's API hosts routed to that proxy: the clients hard-code `https://api.sandbox.<brand>.com`,
 *   so Node's global HTTP and HTTPS agents connect those host names to the proxy (in plain HTTP: the
 *   sandbox is a local HTTP server) and every other host as usual.
 *
 * Nothing here changes a client's code or configuration beyond its credentials.
 */
const BRAND = 'paypal';
const SANDBOX = 'svc';

/** The API host names the platform's clients use (the legacy SDK, the server SDK and the agent toolkit). */
export const BRAND_API_HOSTS = [`api.sandbox.${BRAND}.com`, `api-m.sandbox.${BRAND}.com`];

export interface BrandProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  url: string;
  port: number;
  /** Every request the proxy forwarded: method and path as the client sent them. */
  seen: { method: string; path: string }[];
  close(): Promise<void>;
}

function renamed(headers: IncomingHttpHeaders, from: string, to: string): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    out[lower.startsWith(`${from}-`) ? `${to}-${lower.slice(from.length + 1)}` : lower] = value;
  }
  return out;
}

/** A JSON body with every object member named `from` renamed `to` (other bodies as they are). */
function renamedMembers(body: Buffer, contentType: string | undefined, from: string, to: string): Buffer {
  if (body.length === 0 || !/json/i.test(contentType ?? '')) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body; // not JSON after all: the sandbox answers it as it is
  }
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key === from ? to : key, rename(member)]),
    );
  };
  return Buffer.from(JSON.stringify(rename(parsed)));
}

/** Starts the proxy in front of the sandbox at `target` (`http://127.0.0.1:<port>`). */
export async function startBrandProxy(target: string): Promise<BrandProxy> {
  const upstream = new URL(target);
  const seen: BrandProxy['seen'] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? 'GET', path: request.url ?? '/' });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = renamed(request.headers, BRAND, SANDBOX);
      headers.host = upstream.host;
      const body = renamedMembers(Buffer.concat(chunks), request.headers['content-type'], BRAND, SANDBOX);
      if (body.length > 0) headers['content-length'] = String(body.length);
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers,
          agent: false,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const back = renamedMembers(Buffer.concat(parts), answer.headers['content-type'], SANDBOX, BRAND);
            const out = renamed(answer.headers, SANDBOX, BRAND);
            if (out['content-length'] !== undefined) out['content-length'] = String(back.length);
            response.writeHead(answer.statusCode ?? 502, out);
            response.end(back);
          });
        },
      );
      forward.on('error', (error) => response.destroy(error));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Connect = (options: { host?: string | null }, callback?: unknown) => net.Socket;

/**
 * Routes the brand's API hosts to the proxy for every client that uses Node's global agents (the legacy
 * SDK's `http(s).request`, axios); returns the function that puts the original agents back.
 */
export function routeBrandHostsTo(proxy: BrandProxy): () => void {
  const originals = { http: http.globalAgent, https: https.globalAgent };
  const toProxy = (fallback: Connect): Connect =>
    function connect(this: unknown, options, callback) {
      if (options.host && BRAND_API_HOSTS.includes(options.host)) return net.connect(proxy.port, '127.0.0.1');
      return fallback.call(this, options, callback);
    };
  const httpAgent = new http.Agent();
  const httpsAgent = new https.Agent();
  const agents = [httpAgent, httpsAgent] as unknown as { createConnection: Connect }[];
  for (const agent of agents) agent.createConnection = toProxy(agent.createConnection.bind(agent));
  http.globalAgent = httpAgent;
  https.globalAgent = httpsAgent;
  return () => {
    httpAgent.destroy();
    httpsAgent.destroy();
    http.globalAgent = originals.http;
    https.globalAgent = originals.https;
  };
}
