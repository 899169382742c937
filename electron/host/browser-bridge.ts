import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BridgeErrorBody } from '../../shared/bridge.js';
import { ApiError, detail } from '../api/pipeline/api-error.js';
import { acceptsHtml } from '../api/pipeline/authenticate.js';
import { buyerPageLayout, sendBuyerPage, type Render } from '../api/pipeline/buyer-page.js';
import type { RouteTable } from '../api/pipeline/route-not-found.js';
import type { ApiGroup } from '../api/server.js';
import { EventStream, type EventStreamOptions } from './event-stream.js';
import { readUiFile, UI_NOT_BUILT } from './ui-files.js';
import { BridgeError, type WorkbenchService } from './workbench-service.js';

/** The largest bridge call: the largest API body a workbench page sends (a full payout batch). */
const RPC_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export const WORKBENCH_PREFIX = '/__workbench';
export const TOKEN_HEADER = 'x-workbench-token';

/**
 * Browser mode: the built UI at `/__workbench/`, the bridge at `POST /__workbench/rpc/<method>` and host
 * events as Server-Sent Events at `/__workbench/events`. RPC and events need the per-launch token, or
 * the session cookie a page loaded with that token got (so a reload, a new tab or a pasted address of
 * the same browser keeps working after the page drops the token from its address bar); every request
 * must name our own host (no DNS rebinding) and come from our own origin.
 */
export class BrowserBridge {
  readonly token = randomBytes(24).toString('base64url');
  /** The session cookie's value: a second secret, so the cookie is never the launch token itself. */
  private readonly sessionSecret = randomBytes(32).toString('base64url');
  /** Named per port: cookies ignore ports, and two workbenches on one machine must not share one. */
  private sessionCookie = 'workbench_session';
  private service: WorkbenchService | undefined;
  /** `Host` header values naming this server (`127.0.0.1:8600`, `localhost:8600`, ...). */
  private allowedHosts = new Set<string>();
  /** The same names as whole origins, scheme included (`http://127.0.0.1:8600`). */
  private allowedOrigins = new Set<string>();

  /** Host events for every connected page: coalesced, paced, a bounded buffer per client. */
  private readonly events: EventStream;

  constructor(
    private readonly uiDir: string,
    options: { eventStream?: EventStreamOptions } = {},
  ) {
    this.events = new EventStream((listener) => this.requireService().onEvent(listener), options.eventStream);
  }

  /** Event-stream clients now, and those dropped for not reading. */
  eventStreamStats(): { clients: number; dropped: number } {
    return this.events.stats();
  }

  /** Called once the server listens: the service exists and the host names are known. */
  attach(service: WorkbenchService, baseUrl: string): void {
    this.service = service;
    const { port, hostname, protocol } = new URL(baseUrl);
    this.sessionCookie = `workbench_session_${port || (protocol === 'https:' ? '443' : '80')}`;
    for (const name of [hostname, '127.0.0.1', 'localhost', '[::1]']) {
      // Through URL, so a default port is left out as browsers leave it out.
      const own = new URL(`${protocol}//${name}:${port}`);
      this.allowedHosts.add(own.host);
      this.allowedOrigins.add(own.origin);
    }
  }

  workbenchUrl(baseUrl: string): string {
    return `${baseUrl}${WORKBENCH_PREFIX}/?token=${this.token}`;
  }

  group(): ApiGroup {
    return { routes: [], pages: (app, table) => this.register(app, table) };
  }

  private register(app: FastifyInstance, table: RouteTable): void {
    const config = { public: true, unlogged: true, html: true } as const;
    app.get(WORKBENCH_PREFIX, { config }, async (request, reply) => {
      this.startSession(request, reply);
      // The API reads `/__workbench/` as `/__workbench` (one trailing slash is no part of a path): the
      // URL as sent says whether the browser already is at the folder, where the page's relative URLs work.
      if (request.originalUrl.split('?')[0]?.endsWith('/')) {
        this.guardHost(request);
        return this.serveFile('', reply);
      }
      return reply.redirect(`${WORKBENCH_PREFIX}/`, 302);
    });
    app.get(`${WORKBENCH_PREFIX}/*`, { config }, async (request, reply) => {
      this.guardHost(request);
      this.startSession(request, reply);
      return this.serveFile(String((request.params as { '*': string })['*'] ?? ''), reply);
    });
    // `/` in a browser: where the workbench and the docs are. An API client asking for JSON
    // authenticates as on any path and gets the API's 401 or 404, as before.
    app.get(
      '/',
      { config: { publicToBrowsers: true, unlogged: true, html: true } },
      async (request, reply) => {
        if (!acceptsHtml(request.headers.accept)) throw table.notFound('GET', '/');
        this.guardHost(request);
        return sendBuyerPage(reply, 200, frontPage());
      },
    );
    app.post(
      `${WORKBENCH_PREFIX}/rpc/:method`,
      // A relayed API call may carry a whole payout batch (15,000 items are a few MiB); every API route
      // keeps its own limit behind it.
      { config: { public: true, unlogged: true }, bodyLimit: RPC_BODY_LIMIT_BYTES },
      async (request, reply) => {
        this.guard(request, String(request.headers[TOKEN_HEADER] ?? ''));
        this.startSession(request, reply, String(request.headers[TOKEN_HEADER] ?? ''));
        const method = (request.params as { method: string }).method;
        try {
          const result = await this.requireService().call(method, request.body);
          return reply.code(200).send(result ?? null);
        } catch (error) {
          const bridgeError =
            error instanceof BridgeError
              ? error
              : new BridgeError('FAILED', 'The host could not complete the call.');
          const status = { INVALID_INPUT: 400, NOT_FOUND: 404, FORBIDDEN: 403, FAILED: 502 }[
            bridgeError.errorName
          ];
          const body: BridgeErrorBody = {
            error: {
              name: bridgeError.errorName,
              message: bridgeError.message,
              ...(bridgeError.details ? { details: bridgeError.details } : {}),
            },
          };
          return reply.code(status).send(body);
        }
      },
    );
    app.get(
      `${WORKBENCH_PREFIX}/events`,
      { config: { public: true, unlogged: true, produces: ['text/event-stream'] } },
      async (request, reply) => {
        this.guard(request, String((request.query as { token?: string }).token ?? ''));
        this.requireService();
        reply.hijack();
        this.events.add(reply.raw);
      },
    );
  }

  private requireService(): WorkbenchService {
    if (!this.service) throw new BridgeError('FAILED', 'The workbench is still starting.');
    return this.service;
  }

  private guardHost(request: FastifyRequest): void {
    const host = request.headers.host ?? '';
    if (!this.allowedHosts.has(host)) throw forbidden(`Host ${host} is not this workbench.`);
  }

  private guard(request: FastifyRequest, token: string): void {
    this.guardHost(request);
    // A browser sends the serialized origin (scheme://host[:port]); anything else is not our page.
    const origin = request.headers.origin;
    if (origin !== undefined && !this.allowedOrigins.has(origin))
      throw forbidden(`Origin ${origin} may not call the workbench.`);
    if (!sameSecret(token, this.token) && !this.hasSession(request))
      throw forbidden(
        'Missing or wrong workbench token: open the workbench address the host printed when it started.',
      );
  }

  /** The request carries this launch's session cookie. */
  private hasSession(request: FastifyRequest): boolean {
    return sameSecret(cookieValue(request.headers.cookie, this.sessionCookie) ?? '', this.sessionSecret);
  }

  /**
   * Presenting the launch token (the `?token=` of the printed address, or the bridge's header) starts
   * the browser's session: an `HttpOnly` cookie (no script reads it), `SameSite=Strict` (no other site's
   * page or link sends it) and scoped to the workbench's path (the API never sees it).
   */
  private startSession(request: FastifyRequest, reply: FastifyReply, presented?: string): void {
    const token = presented ?? (request.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !sameSecret(token, this.token) || this.hasSession(request)) return;
    reply.header(
      'set-cookie',
      `${this.sessionCookie}=${this.sessionSecret}; Path=${WORKBENCH_PREFIX}; HttpOnly; SameSite=Strict`,
    );
  }

  private serveFile(relative: string, reply: FastifyReply): FastifyReply {
    const file = readUiFile(this.uiDir, relative);
    if (file.kind === 'outside') throw forbidden('Outside the UI folder.');
    if (file.kind === 'not-built')
      return reply.code(503).type('text/plain; charset=utf-8').send(UI_NOT_BUILT);
    return reply.headers(file.headers).send(file.body);
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The host's front page in a browser: where the workbench and the API's documents are. The session
 * cookie is scoped to the workbench's path, so this page cannot tell whether the browser has one: it
 * links the workbench and says how to open it the first time.
 */
function frontPage(): Render {
  return buyerPageLayout(
    'Payments Workbench',
    `<h1>Payments Workbench</h1>
<p class="muted">A local payments sandbox. Its API answers on this address to a bearer token from <code>POST /v1/oauth2/token</code>.</p>
<p><a href="${WORKBENCH_PREFIX}/" data-testid="open-workbench">Open the workbench</a></p>
<p class="muted">The first time in a browser, open the workbench with the address the host printed when it started (<code>${WORKBENCH_PREFIX}/?token=…</code>); this browser then keeps its session until the host restarts.</p>
<p><a href="/openapi.json">OpenAPI document</a> · <a href="/docs/errors">Error codes</a></p>`,
  );
}

function forbidden(description: string): ApiError {
  return new ApiError('NOT_AUTHORIZED', [
    detail('WORKBENCH_ACCESS_DENIED', { location: 'header', description }),
  ]);
}
