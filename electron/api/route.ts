import type { z, ZodType } from 'zod';
import type { AnyEndpoint, Endpoint } from '../../shared/api/endpoint.js';
import type { Account, PartnerLink } from '../store/repositories/accounts-repo.js';
import type { App } from '../store/repositories/apps-repo.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';
import type { UploadedFile } from './pipeline/multipart.js';
import type { LoggedBody } from './pipeline/logged-body.js';
import type { PartnerFeatures } from './pipeline/partner-consent.js';

export type { HttpMethod } from '../../shared/api/endpoint.js';

/** Who is calling and how: set by the authenticate step, read by services. */
export interface RequestContext {
  baseUrl: string;
  app: App;
  /** The merchant the call acts for: the app's own, or the one named by `Svc-Auth-Assertion`. */
  merchant: Account;
  /** When a partner acts for `merchant` (`Svc-Auth-Assertion`): the consent the seller gave it. */
  consent?: PartnerLink;
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
  /** The files of a `multipart/form-data` request (the operation's `contentTypes` must allow it). */
  uploads?: readonly UploadedFile[];
}

/** A resource an operation answers with, remembered under the request's `Svc-Request-Id`. */
export interface ResourceRef {
  kind: string;
  id: string;
}

/**
 * What an operation answers: a `resource` (the respond step renders it through its kind's view, with
 * the links of its state and the representation `Prefer` asks for), or a `body` of its own.
 */
export interface OperationResult {
  status: number;
  body?: unknown;
  resource?: StoredResource<unknown, unknown>;
  headers?: Record<string, string>;
  /**
   * Long work the operation started that the answer waits for, run after the request's transaction
   * commits, chunk by chunk with the event loop free in between (a bulk generation): the respond step
   * answers with what it settles to, while other requests keep being answered.
   */
  pending?: Promise<OperationResult>;
}

/** Idempotency of an operation (spec 4.1 and the retention table of part 8). */
export interface IdempotencyPolicy {
  retentionMs: number;
}

type Schema = ZodType;
type Out<S> = S extends ZodType ? z.output<S> : undefined;

/** What the host adds to an endpoint: how it runs. */
export interface RouteBinding<
  PS extends Schema | undefined,
  QS extends Schema | undefined,
  HS extends Schema | undefined,
  BS extends Schema | undefined,
> {
  /** Media types accepted for the request body (default JSON). */
  contentTypes?: readonly string[];
  /**
   * Media types the operation answers in, the first being its own (default JSON): the accept step
   * answers 406 to an `Accept` that allows none of them (SCIM answers `application/scim+json`).
   */
  produces?: readonly string[];
  /**
   * The error body's form: spec part 7's by default; `identity` is the short `{error,
   * error_description}` of identity errors; `scim` is RFC 7644's error with those two members besides.
   */
  errorStyle?: 'identity' | 'scim';
  /**
   * The access token may come in the form body's `access_token` instead of the Authorization header
   * (RFC 6750 2.2; OpenID Connect's userinfo by POST).
   */
  tokenInForm?: boolean;
  /** Keep the body text exactly as received (signature checks over the caller's own bytes). */
  rawBody?: boolean;
  /** A larger body limit than the API's default (a 15,000-item payout batch is a few MiB). */
  bodyLimit?: number;
  /**
   * A `Svc-Request-Id` makes the call idempotent: a repeat within the retention answers 200 with the
   * latest state of the resource the first call answered with (the operation must answer a `resource`).
   */
  idempotency?: IdempotencyPolicy;
  /**
   * The representation of a `resource` answer when the caller sends no `Prefer` (spec 4.1); without it
   * the operation ignores `Prefer` and always answers the whole resource.
   */
  prefer?: 'minimal' | 'representation';
  /**
   * What the request log may keep of the request body beyond the general rules (pipeline/logged-body.ts):
   * members whose secrecy only this operation knows, or data its resource may not keep.
   */
  loggedBody?: LoggedBody;
  /**
   * What a partner acting for a seller (`Svc-Auth-Assertion`) needs the seller to have granted: the
   * third-party features (fixed, or read from the validated input), or `PARTNER_ONLY` for the partner's
   * own operations. The pipeline checks it for every operation (pipeline/partner-consent.ts); an
   * operation that declares nothing is never run for a seller.
   */
  partnerFeatures?: PartnerFeatures<{ params: Out<PS>; query: Out<QS>; headers: Out<HS>; body: Out<BS> }>;
  handle(input: OperationInput<Out<PS>, Out<QS>, Out<HS>, Out<BS>>): OperationResult;
}

/** One API operation: its shared endpoint and its handler. Everything about an operation lives here. */
export type RouteSpec<
  PS extends Schema | undefined,
  QS extends Schema | undefined,
  HS extends Schema | undefined,
  BS extends Schema | undefined,
> = Endpoint<PS, QS, HS, BS> & RouteBinding<PS, QS, HS, BS>;

export type AnyRoute = AnyEndpoint &
  RouteBinding<Schema | undefined, Schema | undefined, Schema | undefined, Schema | undefined>;

export function defineRoute<
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  HS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
>(endpoint: Endpoint<PS, QS, HS, BS>, binding: RouteBinding<PS, QS, HS, BS>): AnyRoute {
  return { ...endpoint, ...binding } as unknown as AnyRoute;
}
