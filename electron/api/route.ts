import type { z, ZodType } from 'zod';
import type { Account } from '../store/repositories/accounts-repo.js';
import type { App } from '../store/repositories/apps-repo.js';
import type { ResourceKind } from '../store/repositories/resources-repo.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who is calling and how: set by the authenticate step, read by services. */
export interface RequestContext {
  baseUrl: string;
  app: App;
  /** The merchant the call acts for: the app's own, or the one named by `Svc-Auth-Assertion`. */
  merchant: Account;
  scopes: readonly string[];
  /** The bearer token of the call (the rate limiter's key); never logged or returned. */
  token: string;
  /** `Prefer: return=...`, when the caller sent it. */
  prefer: 'minimal' | 'representation' | undefined;
}

export interface OperationInput<P, Q, H, B> {
  params: P;
  query: Q;
  headers: H;
  body: B;
  ctx: RequestContext;
  /** The request body as received (UTF-8 text), for routes that set `rawBody`. */
  rawBody?: string;
}

/** A created resource, remembered under the request's `Svc-Request-Id`. */
export interface CreatedRef {
  kind: ResourceKind;
  id: string;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set by operations that create a resource, for idempotent repeats. */
  created?: CreatedRef;
}

/** Idempotency of an operation (spec 4.1 and the retention table of part 8). */
export interface IdempotencyPolicy {
  retentionMs: number;
}

type Schema = ZodType;
type Out<S> = S extends ZodType ? z.output<S> : undefined;

/**
 * One API operation: its HTTP binding, the schemas its input is validated against (they also produce
 * the OpenAPI document), its scope, and the domain call. Everything about an operation lives here.
 */
export interface RouteSpec<
  PS extends Schema | undefined,
  QS extends Schema | undefined,
  HS extends Schema | undefined,
  BS extends Schema | undefined,
> {
  method: HttpMethod;
  /** Fastify path syntax, e.g. `/v2/checkout/orders/:id`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The OAuth scope the token must carry; absent for public routes. */
  scope?: string;
  /** Media types accepted for the request body (default JSON). */
  contentTypes?: readonly string[];
  params?: PS;
  query?: QS;
  headers?: HS;
  body?: BS;
  /** The body may be omitted entirely (e.g. a capture with no options). */
  bodyOptional?: boolean;
  /** Keep the body text exactly as received (signature checks over the caller's own bytes). */
  rawBody?: boolean;
  idempotency?: IdempotencyPolicy;
  /** Documented responses for the OpenAPI document. */
  responses: Record<number, string>;
  handle(input: OperationInput<Out<PS>, Out<QS>, Out<HS>, Out<BS>>): OperationResult;
  /** Renders the answer to an idempotent repeat (status 200) from what the first call created. */
  replay?(created: CreatedRef, input: OperationInput<Out<PS>, Out<QS>, Out<HS>, Out<BS>>): OperationResult;
}

export type AnyRoute = RouteSpec<
  Schema | undefined,
  Schema | undefined,
  Schema | undefined,
  Schema | undefined
>;

export function defineRoute<
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  HS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
>(route: RouteSpec<PS, QS, HS, BS>): AnyRoute {
  return route as unknown as AnyRoute;
}
