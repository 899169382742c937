import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BridgeErrorBody } from '../../shared/bridge.js';
import { ApiError, detail } from '../api/pipeline/api-error.js';
import type { ApiGroup } from '../api/server.js';
import { readUiFile, UI_NOT_BUILT } from './ui-files.js';
import { BridgeError, type WorkbenchService } from './workbench-service.js';

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
  private allowedHosts = new Set<string>();

  constructor(private readonly uiDir: string) {}

  /** Called once the server listens: the service exists and the host names are known. */
  attach(service: WorkbenchService, baseUrl: string): void {
    this.service = service;
    const { port, hostname } = new URL(baseUrl);
    for (const name of [hostname, '127.0.0.1', 'localhost', '[::1]'])
      this.allowedHosts.add(`${name}:${port}`);
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
      { config: { public: true, unlogged: true } },
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
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        raw.write(': connected\n\n');
        const unsubscribe = this.requireService().onEvent((event) =>
          raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`),
        );
        const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
        request.raw.on('close', () => {
          clearInterval(heartbeat);
          unsubscribe();
        });
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
    const origin = request.headers.origin;
    if (origin !== undefined && !this.allowedHosts.has(origin.replace(/^https?:\/\//, '')))
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
