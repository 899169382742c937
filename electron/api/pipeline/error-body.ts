import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../../shared/errors.js';
import { newDebugId } from '../../../shared/ids.js';
import { isStoreFull } from '../../store/connection.js';
import { maskCardNumbers } from '../../../shared/redact.js';
import { ApiError, TokenError, detail, maskDetail } from './api-error.js';
import { identityErrorBody, scimErrorBody, scimErrorMediaType } from './identity-error-body.js';
import { requestBaseUrl } from './links.js';

/** The error page every `information_link` points to; served by the API host itself. */
export function informationLink(baseUrl: string, name: string): string {
  return `${baseUrl}/docs/errors#${name}`;
}

export function errorBody(error: ApiError, baseUrl: string, debugId: string): ErrorBody {
  // Members in the spec's order: name, message, debug_id, details, links; every error has all five (an
  // error without details has an empty list). Card data is masked here, on the way out, whichever step
  // built the error.
  return {
    name: error.errorName,
    message: maskCardNumbers(error.message),
    debug_id: debugId,
    details: error.details.map(maskDetail),
    links: [{ href: informationLink(baseUrl, error.errorName), rel: 'information_link', method: 'GET' }],
  };
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/**
 * Maps framework-level failures (unparseable JSON, oversized bodies, ...) to the spec's error model, so
 * no path ever answers with a stack trace or Fastify's own error shape.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FastifyLikeError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE', [detail('REQUEST_BODY_TOO_LARGE', { location: 'body' })]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', [
        detail('UNSUPPORTED_CONTENT_TYPE', { field: 'Content-Type', location: 'header' }),
      ]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('INVALID_REQUEST', [
        detail('MALFORMED_REQUEST_JSON', { location: 'body', description: e.message }),
      ]);
    default:
      if (error instanceof SyntaxError) {
        return new ApiError('INVALID_REQUEST', [
          detail('MALFORMED_REQUEST_JSON', { location: 'body', description: error.message }),
        ]);
      }
      if (isStoreFull(error)) {
        return new ApiError(
          'SERVICE_UNAVAILABLE',
          [],
          'The workspace store is full: free disk space, or restart an ephemeral workspace (it holds at most 1 GiB).',
        );
      }
      if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
        return new ApiError('INVALID_REQUEST', [
          detail('INVALID_PARAMETER_VALUE', { description: e.message }),
        ]);
      }
      return new ApiError('INTERNAL_SERVER_ERROR');
  }
}

/** Sends any error in the right form: identity form for the token endpoint, part 7 form otherwise. */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  onUnexpected: (error: unknown, debugId: string) => void = () => {},
): FastifyReply {
  const debugId = request.debugId ?? newDebugId();
  request.debugId = debugId;
  if (error instanceof TokenError) {
    return reply
      .code(error.status)
      .header('content-type', 'application/json')
      .send({ error: error.code, error_description: error.message });
  }
  const apiError = toApiError(error);
  if (apiError.status >= 500 && !(error instanceof ApiError)) onUnexpected(error, debugId);
  const style = request.routeOptions.config?.errorStyle ?? request.pathErrorStyle;
  if (style === 'identity') {
    return reply.code(apiError.status).headers(apiError.headers).send(identityErrorBody(apiError));
  }
  if (style === 'scim') {
    return reply
      .code(apiError.status)
      .headers(apiError.headers)
      .header('content-type', scimErrorMediaType(request.headers.accept))
      .send(scimErrorBody(apiError));
  }
  return reply
    .code(apiError.status)
    .headers(apiError.headers)
    .header('content-type', 'application/json')
    .send(errorBody(apiError, requestBaseUrl(request), debugId));
}
