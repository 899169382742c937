import type { IncomingMessage } from 'node:http';

/**
 * The platform answers every path with and without a trailing slash: its legacy SDK creates and lists
 * at `POST /v1/payments/payment/` and `GET /v1/payments/billing-plans/?page=0`. The slash goes before the
 * router sees the URL, so routing, idempotency operations, links, the request log and the 404/405
 * answers all see the one canonical path the OpenAPI document lists, and a list read with a trailing
 * slash is never taken for a read of an empty `{id}`.
 */
export function withoutTrailingSlash(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const queryAt = url.indexOf('?');
  const raw = queryAt === -1 ? url : url.slice(0, queryAt);
  // An empty segment is no segment: the SDK joins its base path and an operation with two slashes
  // (`/v1/invoicing/invoices//next-invoice-number`).
  let path = raw.includes('//') ? raw.replace(/\/{2,}/g, '/') : raw;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === raw) return url;
  return path + (queryAt === -1 ? '' : url.slice(queryAt));
}
