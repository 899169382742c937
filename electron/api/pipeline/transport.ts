import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { newDebugId } from '../../../shared/ids.js';
import type { ApiConfig } from '../deps.js';
import { ApiError, detail } from './api-error.js';
import { ConnectionBounds, type ConnectionLimits } from './connection-bounds.js';
import { errorBody, sendError } from './error-body.js';

/**
 * Step 0 of the pipeline, below Fastify: the connection. Deadlines for headers and body, a cap on open
 * connections, an early close for a request refused before its body arrived, and the one error body
 * (spec part 7) for what the HTTP server refuses on its own: malformed HTTP, oversized headers, URLs the
 * router cannot take. Without these a client that trickles one byte every 10 s holds a socket for good,
 * and a few thousand of them exhaust the process's file handles.
 */

/** Longer than any URL the server accepts (Node's 16 KiB header limit): a long path id reaches its route. */
const MAX_PARAM_LENGTH = 16 * 1024;

/** Refused connections lingering to deliver their 503 (beyond these, over-cap connections are dropped). */
const REFUSAL_SLOTS = 64;
/** How long a refused connection may take to read its 503 before it is closed anyway. */
const REFUSAL_LINGER_MS = 1_000;

export type TransportLimits = Pick<ApiConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnections'>;

/** Fastify's options for the deadlines, the router's limits and the framework's own errors. */
export function transportOptions(limits: TransportLimits) {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    // Fastify sets the server's requestTimeout from its own option, so it is given here as well.
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the deadlines on this interval (30 s by default, which would let them slip by as much).
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      sendError(frameworkError(error), request, reply),
  };
}

/**
 * An answer sent before its request has fully arrived (refused for its token, media type or size, or
 * any other early error) ends the connection once it is flushed: the client is told `Connection: close`,
 * and the server does not read, byte by byte, a body it will never use.
 */
export function closeEarlyAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (bodyStillArriving(request)) reply.header('connection', 'close');
}

/**
 * A request that announced a body and has not delivered all of it. (A bodyless request is not
 * `complete` yet either while the hooks of its 'request' event run, so the announcement counts.)
 */
function bodyStillArriving(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  const announced =
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  return announced && !request.raw.complete;
}

/**
 * At most `maxConnections` open connections (an idle one gives way to a newcomer, see ConnectionBounds);
 * when all are busy one more is answered 503 `SERVICE_UNAVAILABLE` with `Retry-After` and closed, without
 * being parsed; past a few dozen of those at once the server stops accepting (`server.maxConnections`),
 * so a flood can never take the last file handles. Pipelined requests run one at a time, and a client
 * that does not read its answers is dropped.
 */
export function boundConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections + REFUSAL_SLOTS;
  new ConnectionBounds(limits, (socket) => refuse(socket, limits.maxConnections)).install(server);
}

function refuse(socket: Socket, max: number): void {
  const error = new ApiError(
    'SERVICE_UNAVAILABLE',
    [
      detail('TOO_MANY_CONNECTIONS', {
        description: `The server holds ${max} open connections, as many as it allows; retry shortly.`,
      }),
    ],
    undefined,
    { 'retry-after': '1' },
  );
  socket.on('error', () => {});
  // Reading what the client sends (and dropping it) lets it receive the answer instead of a reset.
  socket.resume();
  socket.end(rawErrorResponse(error, socket));
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
}

/** The documented error for what Node's HTTP parser rejects (`clientError`), written on the socket. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Nothing can be added cleanly once a response has started on this socket: it is only closed.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent)
    socket.write(rawErrorResponse(clientError(error, inFlight !== undefined), socket));
  socket.destroy();
}

function clientError(error: Error & { code?: string }, headersComplete: boolean): ApiError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      // A request object exists once the headers are in: then it is the body that came too slowly.
      return new ApiError('REQUEST_TIMEOUT', [
        detail('REQUEST_TIMEOUT', { location: headersComplete ? 'body' : 'header' }),
      ]);
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('REQUEST_HEADERS_TOO_LARGE', [
        detail('REQUEST_HEADERS_TOO_LARGE', { location: 'header' }),
      ]);
    default:
      return new ApiError('INVALID_REQUEST', [detail('MALFORMED_HTTP_REQUEST', { location: 'header' })]);
  }
}

/** The router's own refusals, as the documented 400 instead of Fastify's shapes (and its 414). */
function frameworkError(error: FastifyError): ApiError {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError('INVALID_REQUEST', [detail('INVALID_STRING_LENGTH', { location: 'path' })]);
    case 'FST_ERR_BAD_URL':
      return new ApiError('INVALID_REQUEST', [
        detail('MALFORMED_HTTP_REQUEST', {
          location: 'path',
          description: 'The path holds a malformed percent-encoding.',
        }),
      ]);
    default:
      return new ApiError('INVALID_REQUEST', [detail('MALFORMED_HTTP_REQUEST', { location: 'path' })]);
  }
}

/** A whole HTTP/1.1 response carrying the documented error body, for a socket no request object owns. */
function rawErrorResponse(error: ApiError, socket: Socket): string {
  const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
  const body = JSON.stringify(
    errorBody(error, `http://${host ?? '127.0.0.1'}:${socket.localPort}`, newDebugId()),
  );
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...error.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${head}\r\n${body}`;
}
