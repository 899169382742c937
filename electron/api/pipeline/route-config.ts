import type { FastifyContextConfig, FastifyRequest } from 'fastify';

const NO_CONFIG: FastifyContextConfig = {};

/**
 * The matched route's config (what the pipeline declared on it: its operation, `public`, media types),
 * read once per request and kept on it: Fastify's `request.routeOptions` builds a new object of a dozen
 * members on every read, and the pipeline's steps ask for the config six times in a request. The route
 * a request matched does not change once its hooks run (the pipeline never calls `callNotFound`).
 */
export function routeConfig(request: FastifyRequest): FastifyContextConfig {
  return (request.routeConfig ??= request.routeOptions.config ?? NO_CONFIG);
}
