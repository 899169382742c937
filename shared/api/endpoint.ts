import type { ZodType } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One operation of the API as both sides know it: its HTTP binding, the schemas its input is validated
 * against, its scope and its documentation. The host binds a handler to it (`electron/api/route.ts`),
 * the console completes and validates against it, and the OpenAPI document is generated from it, so
 * the three can never disagree.
 */
export interface Endpoint<
  PS extends ZodType | undefined = ZodType | undefined,
  QS extends ZodType | undefined = ZodType | undefined,
  HS extends ZodType | undefined = ZodType | undefined,
  BS extends ZodType | undefined = ZodType | undefined,
> {
  method: HttpMethod;
  /** Fastify path syntax, e.g. `/v2/checkout/orders/:id`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The OAuth scope the token must carry; absent for public routes. */
  scope?: string;
  params?: PS;
  query?: QS;
  headers?: HS;
  body?: BS;
  /** The body may be omitted entirely (e.g. a capture with no options). */
  bodyOptional?: boolean;
  /** Documented responses for the OpenAPI document. */
  responses: Record<number, string>;
  /** A starting body for the console's editor. */
  example?: unknown;
  /**
   * Set on the operations spec part 9.2 deprecates: what replaces them (`Orders v2`, `/v2/payments`).
   * The operation answers exactly as before; the docs, the console and the request log say so.
   */
  deprecated?: { replacement: string };
}

export type AnyEndpoint = Endpoint<
  ZodType | undefined,
  ZodType | undefined,
  ZodType | undefined,
  ZodType | undefined
>;

export function defineEndpoint<
  PS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  HS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
>(endpoint: Endpoint<PS, QS, HS, BS>): Endpoint<PS, QS, HS, BS> {
  return endpoint;
}

/** The console's form of a path: `/v2/checkout/orders/{id}`. */
export const pathTemplate = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
