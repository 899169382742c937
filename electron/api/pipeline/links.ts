import type { FastifyRequest } from 'fastify';

/** A HATEOAS link (spec 2.1). */
export interface Link {
  href: string;
  rel: string;
  method: string;
  /** The media type of the request the link's operation takes (spec 2.1), where it says. */
  encType?: string;
}

/** The base URL callers used to reach us, so links work through any host name or port. */
export function requestBaseUrl(request: FastifyRequest): string {
  const host = request.headers.host ?? `${request.hostname}`;
  return `${request.protocol}://${host}`;
}

export function link(baseUrl: string, path: string, rel: string, method = 'GET'): Link {
  return { href: baseUrl + path, rel, method };
}
