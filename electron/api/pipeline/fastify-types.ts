import type { AnyRoute, RequestContext } from '../route.js';
import type { UploadedFile } from './multipart.js';

/** What the pipeline attaches to Fastify's request and route objects. */
declare module 'fastify' {
  interface FastifyRequest {
    debugId?: string;
    /** The matched route's config, once read (see route-config.ts). */
    routeConfig?: FastifyContextConfig;
    ctx?: RequestContext;
    startedAt?: bigint;
    /** The in-flight `Svc-Request-Id` reservation to release when the response is sent. */
    idempotencyReservation?: string | undefined;
    /** The operation a `Svc-Request-Id` is scoped to: route, method and canonical parameters. */
    idempotencyOperation?: string;
    validated?: { params: unknown; query: unknown; headers: unknown; body: unknown };
    /** The body's text as received: the request log keeps it, and `rawBody` routes (signature checks) read it. */
    rawBody?: string;
    /** The error form of the path's family, for errors before or without a matched route. */
    pathErrorStyle?: 'identity' | 'scim' | undefined;
    /** The file parts of a `multipart/form-data` body. */
    uploads?: UploadedFile[];
  }
  interface FastifyContextConfig {
    /** The API operation this Fastify route serves. */
    route?: AnyRoute;
    /** No bearer token needed (token endpoint, buyer page, documents). */
    public?: boolean;
    /** Request body media types accepted. */
    contentTypes?: readonly string[];
    /**
     * Public to a browser asking for HTML (the host's front page); an API client asking for JSON
     * authenticates as on any API path.
     */
    publicToBrowsers?: boolean;
    /** Produces HTML as well as JSON (the buyer page). */
    html?: boolean;
    /** Media types produced instead of JSON (e.g. `text/event-stream`). */
    produces?: readonly string[];
    /** Errors in the `{error, error_description}` form (token endpoint, userinfo), or SCIM's (SCIM users). */
    errorStyle?: 'identity' | 'scim';
    /** The access token may come in the form body's `access_token` (RFC 6750 2.2). */
    tokenInForm?: boolean;
    /** Left out of the request log (the workbench's own traffic). */
    unlogged?: boolean;
    /** Keep the JSON body's text on `request.rawBody` (the webhook signature check). */
    rawBody?: boolean;
  }
}

export {};
