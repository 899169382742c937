import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BridgeErrorBody } from '../../shared/bridge.js';
import { ApiError, detail } from '../api/pipeline/api-error.js';
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
 * events as Server-Sent Events at `/__workbench/events`. RPC and events need the per-launch token; every
 * request must name our own host (no DNS rebinding) and come from our own origin.
 */
export class BrowserBridge {
  readonly token = randomBytes(24).toString('base64url');
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
    return { routes: [], pages: (app) => this.register(app) };
  }

  private register(app: FastifyInstance): void {
    const config = { public: true, unlogged: true, html: true } as const;
    app.get(WORKBENCH_PREFIX, { config }, async (_request, reply) =>
      reply.redirect(`${WORKBENCH_PREFIX}/`, 302),
    );
    app.get(`${WORKBENCH_PREFIX}/*`, { config }, async (request, reply) => {
      this.guardHost(request);
      return this.serveFile(String((request.params as { '*': string })['*'] ?? ''), reply);
    });
    app.post(
      `${WORKBENCH_PREFIX}/rpc/:method`,
      // A relayed API call may carry a whole payout batch (15,000 items are a few MiB); every API route
      // keeps its own limit behind it.
      { config: { public: true, unlogged: true }, bodyLimit: RPC_BODY_LIMIT_BYTES },
      async (request, reply) => {
        this.guard(request, String(request.headers[TOKEN_HEADER] ?? ''));
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
    const given = Buffer.from(token);
    const expected = Buffer.from(this.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw forbidden('Missing or wrong workbench token.');
  }

  private serveFile(relative: string, reply: FastifyReply): FastifyReply {
    const file = readUiFile(this.uiDir, relative);
    if (file.kind === 'outside') throw forbidden('Outside the UI folder.');
    if (file.kind === 'not-built')
      return reply.code(503).type('text/plain; charset=utf-8').send(UI_NOT_BUILT);
    return reply.headers(file.headers).send(file.body);
  }
}

function forbidden(description: string): ApiError {
  return new ApiError('NOT_AUTHORIZED', [
    detail('WORKBENCH_ACCESS_DENIED', { location: 'header', description }),
  ]);
}
