import type { FastifyRequest } from 'fastify';
import { ApiError, detail } from './api-error.js';
import { routeConfig } from './route-config.js';

export const JSON_MEDIA_TYPES = ['application/json', 'application/json-patch+json'] as const;
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
/** Any `application/<name>+json` (RFC 6839 structured suffix), read as JSON: `application/scim+json`. */
export const JSON_SUFFIX_MEDIA_TYPE = /^application\/[a-z0-9.-]+\+json(\s*;.*)?$/i;

/** The bare media type of a Content-Type or Accept entry (`application/json; charset=utf-8` -> `application/json`). */
export function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function accepts(acceptHeader: string, produced: readonly string[]): boolean {
  // The common header names one type outright (`application/json`, `*/*`): no list to read.
  if (acceptHeader === '*/*' || produced.includes(acceptHeader)) return true;
  return acceptHeader.split(',').some((entry) => {
    const [range = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    if (params.some((p) => /^q=0(\.0*)?$/.test(p))) return false;
    if (range === '*/*' || range === '') return true;
    return produced.some(
      (type) => type === range || (range.endsWith('/*') && type.startsWith(range.slice(0, -1))),
    );
  });
}

/**
 * Step 1 of the pipeline: the `Accept` header must allow JSON (or HTML for the buyer page): 406
 * otherwise; a body must come in a media type the operation takes: 415 otherwise.
 */
export function checkMediaTypes(request: FastifyRequest): void {
  const config = routeConfig(request);
  const accept = request.headers.accept;
  const produced =
    config.produces ?? (config.html ? ['text/html', 'application/json'] : ['application/json']);
  if (accept && !accepts(accept, produced)) {
    throw new ApiError('MEDIA_TYPE_NOT_ACCEPTABLE', [
      detail('UNSUPPORTED_ACCEPT', { field: 'Accept', value: accept, location: 'header' }),
    ]);
  }
  if (!config.route && !config.public) return; // unknown path: the route step answers 404/405
  if (!hasBody(request)) return;
  const type = mediaType(request.headers['content-type']);
  const allowed = config.contentTypes ?? JSON_MEDIA_TYPES;
  if (!type || !allowed.includes(type)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', [
      detail('UNSUPPORTED_CONTENT_TYPE', {
        field: 'Content-Type',
        value: request.headers['content-type'] ?? '',
        location: 'header',
        description: `This operation accepts ${allowed.join(' or ')}.`,
      }),
    ]);
  }
}
