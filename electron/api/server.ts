import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type preValidationHookHandler,
} from 'fastify';
import type { ApiDeps } from './deps.js';
import {
  checkMediaTypes,
  FORM_MEDIA_TYPE,
  JSON_MEDIA_TYPES,
  JSON_SUFFIX_MEDIA_TYPE,
} from './pipeline/accept.js';
import { ApiError } from './pipeline/api-error.js';
import { authenticate, authenticateFromForm, TokenCache } from './pipeline/authenticate.js';
import { sendError } from './pipeline/error-body.js';
import './pipeline/fastify-types.js';
import { IdempotencyGate } from './pipeline/idempotency.js';
import { parseJsonBody } from './pipeline/json-body.js';
import { MULTIPART_MEDIA_TYPE, parseMultipart } from './pipeline/multipart.js';
import { checkPartnerConsent } from './pipeline/partner-consent.js';
import { applyMockResponse } from './pipeline/mock-response.js';
import { RateLimiter } from './pipeline/rate-limit.js';
import { parseQuery } from './pipeline/repeated-query.js';
import { RequestLogger } from './pipeline/request-log.js';
import { routeConfig } from './pipeline/route-config.js';
import { RouteTable } from './pipeline/route-not-found.js';
import { withoutTrailingSlash } from './pipeline/trailing-slash.js';
import { boundConnections, closeEarlyAnswer, transportOptions } from './pipeline/transport.js';
import { validateInput } from './pipeline/validate.js';
import type { RegisterPages } from './group-module.js';
import type { Representation, ResourceKinds } from './resource-kinds.js';
import type { AnyRoute, OperationResult } from './route.js';

/** Routes and pages on the API server: every API group's, and the host's own (documents, the UI). */
export interface ApiGroup {
  routes: readonly AnyRoute[];
  pages?: RegisterPages | undefined;
}

export interface ApiServer {
  app: FastifyInstance;
  routes: AnyRoute[];
  tokens: TokenCache;
  requestLogger: RequestLogger;
}

/**
 * Builds the Fastify app of the embedded API. The request pipeline (docs/architecture.md) reads top to
 * bottom below: each numbered step is one hook or one part of the operation handler.
 */
export function buildApiServer(deps: ApiDeps, kinds: ResourceKinds, groups: readonly ApiGroup[]): ApiServer {
  // forceCloseConnections: a closing host ends open event streams and keep-alive sockets instead of waiting on them.
  const transport = transportOptions(deps.config);
  const app = Fastify({
    logger: false,
    bodyLimit: deps.config.bodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: true,
    // Step 0, the connection: deadlines, router limits and the framework's errors in the one body.
    ...transport,
    // Before routing, the URL as the platform reads it: one trailing slash is no part of the path, and a
    // query parameter repeated with the same value is one parameter.
    rewriteUrl: withoutTrailingSlash,
    routerOptions: { ...transport.routerOptions, querystringParser: parseQuery },
  });
  boundConnections(app.server, deps.config);
  // Every member the pipeline sets on a request, declared up front: Fastify's request constructor then
  // creates them all, so each request has the same shape from the start instead of growing one member
  // at a time as the steps run (a new hidden class at each step, and slower reads of every member).
  for (const member of PIPELINE_REQUEST_MEMBERS) app.decorateRequest(member, undefined);
  const tokens = new TokenCache(deps);
  const rateLimiter = new RateLimiter(deps.config);
  const idempotency = new IdempotencyGate(deps.store);
  const requestLogger = new RequestLogger(deps.store.db.location, deps.events, deps.logger, deps.clock);
  const table = new RouteTable();
  const routes = groups.flatMap((g) => g.routes);

  registerBodyParsers(app);
  app.setErrorHandler((error, request, reply) => {
    request.pathErrorStyle = table.errorStyleOf(request.url);
    return sendError(error, request, reply, (unexpected, debugId) =>
      deps.logger.error(`unhandled error, debug_id ${debugId}`, unexpected),
    );
  });

  // ---------------------------------------------------------------------------------------------
  // 1. accept: Accept (406) and request media type (415); the body size limit is Fastify's bodyLimit.
  // ---------------------------------------------------------------------------------------------
  // Hooks take Fastify's `done` callback instead of being async: each async hook costs a promise and a
  // microtask per request, measurable at load-test rates. A throw is caught and answered as an error.
  // ---------------------------------------------------------------------------------------------
  // 2. authenticate: bearer token -> app, merchant, scopes (401 / 403).
  // 3. rate limit: per token and per app (429 with Retry-After).
  // ---------------------------------------------------------------------------------------------
  // Steps 1 to 3 in one hook: each hook is a round through Fastify's hook runner for every request.
  app.addHook('onRequest', (request, _reply, done) => {
    request.startedAt = process.hrtime.bigint();
    checkMediaTypes(request);
    authenticate(request, deps, tokens);
    rateLimiter.check(request);
    done();
  });

  // 2 and 3 again, for an operation that takes its access token in the form body (RFC 6750 2.2): once
  // the body is parsed, and only when no Authorization header was given. A hook of those routes alone
  // (see the route loop below): every other request skips Fastify's preValidation step entirely.
  const authenticateFromFormHook: preValidationHookHandler = (request, _reply, done) => {
    if (authenticateFromForm(request, deps, tokens)) rateLimiter.check(request);
    done();
  };

  // ---------------------------------------------------------------------------------------------
  // 4. route: the router matched an operation, or the not-found handler answers 404 / 405.
  // ---------------------------------------------------------------------------------------------
  app.setNotFoundHandler(async (request) => {
    throw table.notFound(request.method, request.url);
  });

  // ---------------------------------------------------------------------------------------------
  // 5. validate: params, query, headers and body against the operation's zod schemas (400).
  // 5b. consent: acting for a seller (Svc-Auth-Assertion) needs the features the operation declares.
  // 6. idempotency: reserve the Svc-Request-Id while the request is in flight (409 on a duplicate).
  // ---------------------------------------------------------------------------------------------
  app.addHook('preHandler', (request, _reply, done) => {
    const route = routeConfig(request).route;
    if (!route || !request.ctx) return done();
    request.validated = validateInput(route, request);
    // 5b. consent: a partner acting for a seller runs only what the seller granted it (403).
    checkPartnerConsent(route, request.validated, request.ctx);
    const key = route.idempotency ? requestIdOf(request) : undefined;
    if (key) {
      // The operation the router matched, with its decoded parameters: never the raw URL text.
      const params = (request.validated.params ?? request.params) as unknown;
      request.idempotencyOperation = IdempotencyGate.operation(route.method, route.path, params);
      request.idempotencyReservation = idempotency.reserve(
        request.ctx,
        request.idempotencyOperation,
        key,
        deps.clock.now(),
      );
    }
    done();
  });

  // ---------------------------------------------------------------------------------------------
  // 7 to 10: every operation's handler: mock response, service, persist, respond.
  // ---------------------------------------------------------------------------------------------
  async function runOperation(
    route: AnyRoute,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const ctx = request.ctx;
    const validated = request.validated;
    if (!ctx || !validated) throw new ApiError('INTERNAL_SERVER_ERROR');
    const input = {
      ...validated,
      ctx,
      ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : {}),
      ...(request.uploads ? { uploads: request.uploads } : {}),
    } as Parameters<AnyRoute['handle']>[0];

    // 7. mock response: Svc-Mock-Response forces a documented error (negative testing).
    applyMockResponse(request.headers['svc-mock-response']);

    // 8. service and 9. persist: the domain operation and all its writes atomically (one savepoint of
    //    the commit group), including the idempotency record; a repeat of a retained Svc-Request-Id
    //    answers 200 with the latest state of what the first call answered, without running again.
    const key = route.idempotency ? requestIdOf(request) : undefined;
    const operation = request.idempotencyOperation;
    const execute = (): OperationResult => {
      if (!key || !route.idempotency || !operation) return route.handle(input);
      return idempotency.once(
        ctx,
        operation,
        key,
        { now: deps.clock.now(), retentionMs: route.idempotency.retentionMs },
        () => route.handle(input),
        (earlier) => ({ status: 200, resource: deps.store.resources.get(earlier.kind, earlier.id) }),
      );
    };
    // Writes join the commit group of this event-loop turn (Database.grouped); a read that may have seen
    // a pending group's writes waits for that commit too, so nothing uncommitted is ever shown.
    let result: OperationResult;
    if (route.method === 'GET') {
      result = execute();
      await deps.store.db.committed();
    } else result = await deps.store.db.grouped(execute);
    if (result.pending) result = await result.pending;

    // 10. respond: status and headers; a resource answer is rendered through its kind's view with the
    //     links of its state, as much of it as `Prefer` (or the route's default) asks for.
    reply.code(result.status);
    if (result.headers) reply.headers(result.headers);
    const body = result.resource
      ? kinds.present(result.resource, ctx.baseUrl, representationOf(route, ctx.prefer))
      : result.body;
    return body === undefined ? reply.send() : reply.send(body);
  }

  for (const route of routes) {
    table.add(route.method, route.path, route.errorStyle);
    app.route({
      method: route.method,
      url: route.path,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      config: {
        route,
        ...(route.scope ? {} : { public: true }),
        ...(route.contentTypes ? { contentTypes: route.contentTypes } : {}),
        ...(route.produces ? { produces: route.produces } : {}),
        ...(route.errorStyle ? { errorStyle: route.errorStyle } : {}),
        ...(route.tokenInForm ? { tokenInForm: true } : {}),
        ...(route.rawBody ? { rawBody: true } : {}),
      },
      ...(route.tokenInForm ? { preValidation: authenticateFromFormHook } : {}),
      handler: (request, reply) => runOperation(route, request, reply),
    });
  }
  for (const group of groups) group.pages?.(app, table);

  // ---------------------------------------------------------------------------------------------
  // 11. log: the exchange goes to the request log (redacted); the idempotency reservation ends.
  // ---------------------------------------------------------------------------------------------
  // The early close (step 0) rides in the same hook, before the entry is made: the log shows the
  // `Connection: close` the client was sent.
  app.addHook('onSend', (request, reply, payload, done) => {
    closeEarlyAnswer(request, reply);
    requestLogger.record(request, reply, payload);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotencyReservation) idempotency.release(request.idempotencyReservation);
    done();
  });
  app.addHook('onClose', async () => requestLogger.flush());

  return { app, routes, tokens, requestLogger };
}

/** What the pipeline's steps set on a request (see fastify-types.ts). */
const PIPELINE_REQUEST_MEMBERS = [
  'debugId',
  'routeConfig',
  'ctx',
  'startedAt',
  'idempotencyReservation',
  'idempotencyOperation',
  'validated',
  'rawBody',
  'pathErrorStyle',
  'uploads',
] as const;

/** `Prefer` counts only where the operation honors it (spec 4.1); elsewhere the whole resource. */
function representationOf(route: AnyRoute, prefer: Representation | undefined): Representation {
  if (!route.prefer) return 'representation';
  return prefer ?? route.prefer;
}

function requestIdOf(request: FastifyRequest): string | undefined {
  const key = request.headers['svc-request-id'];
  return typeof key === 'string' && key.length > 0 ? key : undefined;
}

/**
 * JSON (empty body allowed: SDKs send a Content-Type with bodiless captures), the JSON of a `+json`
 * media type (RFC 6839: `application/scim+json`), HTML forms and multipart forms with files. Which of them an operation takes is the
 * accept step's question (415).
 */
function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const json: Parameters<typeof app.addContentTypeParser<string>>[2] = (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    let parsed: unknown;
    try {
      parsed = parseJsonBody(text); // 400 when malformed or nested deeper than MAX_JSON_DEPTH
    } catch (error) {
      return done(error as Error, undefined);
    }
    done(null, parsed);
  };
  app.addContentTypeParser([...JSON_MEDIA_TYPES], { parseAs: 'string' }, json);
  app.addContentTypeParser(JSON_SUFFIX_MEDIA_TYPE, { parseAs: 'string' }, json);
  app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Documents (dispute evidence): the `input` part is the body, the files go to the operation apart.
  app.addContentTypeParser(MULTIPART_MEDIA_TYPE, { parseAs: 'buffer' }, (request, body, done) => {
    try {
      const parsed = parseMultipart(body as Buffer, request.headers['content-type']);
      request.uploads = parsed.files;
      request.rawBody = `multipart/form-data: ${JSON.stringify(parsed.body)}; ${parsed.files.length} file(s)`;
      done(null, parsed.body);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Any other type reaches the accept step's 415 first; this only keeps Fastify from failing earlier.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
}
