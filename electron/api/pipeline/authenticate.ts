import type { FastifyRequest } from 'fastify';
import type { ApiDeps } from '../deps.js';
import { hashAccessToken, type AccessToken } from '../../store/repositories/tokens-repo.js';
import type { App } from '../../store/repositories/apps-repo.js';
import type { Account, PartnerLink } from '../../store/repositories/accounts-repo.js';
import { tokenNow } from '../token-clock.js';
import { ApiError, detail } from './api-error.js';
import { requestBaseUrl } from './links.js';
import { routeConfig } from './route-config.js';
import { requirePartnerFeatures } from './partner-consent.js';
import { parsePrefer } from './prefer.js';

const AUTHORIZATION_MAX_LENGTH = 16_000;
const ASSERTION_MAX_LENGTH = 10_000;

/**
 * Known tokens and their apps, so the hot path does not read the database for every request. Keyed by
 * the token's hash, as the store keeps it: the process holds no table of live tokens either. What it
 * does keep is, per open connection, the last token presented on it with its hash: a client sends the
 * same token with every request of a keep-alive connection, and hashing it again each time was 3% of
 * an order create's CPU. The entry goes with the connection (a WeakMap keyed by its socket).
 */
export class TokenCache {
  private readonly entries = new Map<string, { token: AccessToken; app: App }>();
  private readonly presented = new WeakMap<object, { value: string; key: string }>();
  private merchants = { version: -1, byId: new Map<string, Account>() };

  constructor(private readonly deps: ApiDeps) {}

  lookup(value: string, connection?: object): { token: AccessToken; app: App } | undefined {
    const key = this.keyOf(value, connection);
    const cached = this.entries.get(key);
    if (cached) return cached;
    const token = this.deps.store.tokens.findByHash(key);
    const app = token && this.deps.store.apps.byId(token.app_id);
    if (!token || !app) return undefined;
    if (this.entries.size > 10_000) this.entries.clear();
    const entry = { token, app };
    this.entries.set(key, entry);
    return entry;
  }

  /** The token's hash, from the connection's last presented token when it is the same one. */
  private keyOf(value: string, connection: object | undefined): string {
    if (!connection) return hashAccessToken(value);
    const last = this.presented.get(connection);
    if (last?.value === value) return last.key;
    const key = hashAccessToken(value);
    this.presented.set(connection, { value, key });
    return key;
  }

  /** The app's merchant account, re-read only after accounts changed. */
  merchant(id: string): Account | undefined {
    const version = this.deps.store.accounts.version;
    if (this.merchants.version !== version) this.merchants = { version, byId: new Map() };
    let account = this.merchants.byId.get(id);
    if (!account) {
      account = this.deps.store.accounts.byId(id);
      if (account) this.merchants.byId.set(id, account);
    }
    return account;
  }

  forget(value: string): void {
    this.entries.delete(hashAccessToken(value));
  }

  clear(): void {
    this.entries.clear();
  }
}

const authFailure = (
  issue: 'MISSING_AUTHORIZATION_HEADER' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED',
  description?: string,
): ApiError =>
  new ApiError(
    'AUTHENTICATION_FAILURE',
    [detail(issue, { field: 'Authorization', location: 'header', ...(description ? { description } : {}) })],
    undefined,
    {
      'www-authenticate': 'Bearer',
    },
  );

/** A browser's navigation asks for HTML by name; API clients send JSON, any type or nothing. */
export function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('text/html');
}

/**
 * Step 2 of the pipeline: a valid, unexpired bearer token (spec part 5) whose app has the operation's
 * scope. Sets the request context: who calls, for which merchant, from which base URL.
 */
export function authenticate(request: FastifyRequest, deps: ApiDeps, tokens: TokenCache): void {
  const config = routeConfig(request);
  if (config.public) return;
  if (config.publicToBrowsers && acceptsHtml(request.headers.accept)) return;
  const header = request.headers.authorization;
  // The token may be in the form body, read once the body is parsed (authenticateFromForm).
  if (!header && config.tokenInForm) return;
  if (!header) throw authFailure('MISSING_AUTHORIZATION_HEADER');
  if (header.length > AUTHORIZATION_MAX_LENGTH) {
    throw new ApiError('INVALID_REQUEST', [
      detail('INVALID_STRING_MAX_LENGTH', { field: 'Authorization', location: 'header' }),
    ]);
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw authFailure('INVALID_TOKEN', 'Expected "Authorization: Bearer <access token>".');
  authenticateToken(request, deps, tokens, match[1]);
}

/**
 * Step 2 for an operation that takes its access token in a form-encoded body (RFC 6750 2.2): the
 * body's `access_token` when no Authorization header was sent. A token in both places is refused, as
 * RFC 6750 section 2 asks. Answers whether it authenticated the request here.
 */
export function authenticateFromForm(request: FastifyRequest, deps: ApiDeps, tokens: TokenCache): boolean {
  if (!routeConfig(request).tokenInForm) return false;
  const body = request.body as { access_token?: unknown } | undefined;
  const inForm = typeof body === 'object' && body !== null ? body.access_token : undefined;
  if (request.ctx) {
    if (inForm === undefined) return false;
    throw new ApiError('INVALID_REQUEST', [
      detail('INVALID_PARAMETER_VALUE', {
        field: 'access_token',
        location: 'body',
        description: 'Send the access token in the Authorization header or in the form body, not both.',
      }),
    ]);
  }
  if (typeof inForm !== 'string' || inForm.length === 0) {
    throw authFailure(
      'MISSING_AUTHORIZATION_HEADER',
      'Send "Authorization: Bearer <access token>" or access_token in the form body.',
    );
  }
  authenticateToken(request, deps, tokens, inForm);
  return true;
}

/** A known, unexpired access token whose app has the operation's scope: the request's context. */
function authenticateToken(request: FastifyRequest, deps: ApiDeps, tokens: TokenCache, token: string): void {
  const config = routeConfig(request);
  const found = tokens.lookup(token, request.raw.socket);
  if (!found) throw authFailure('INVALID_TOKEN');
  if (found.token.expires_at <= tokenNow(deps)) {
    tokens.forget(token);
    throw authFailure('TOKEN_EXPIRED');
  }
  const scope = config.route?.scope;
  if (scope && !found.token.scopes.includes(scope)) {
    throw new ApiError('NOT_AUTHORIZED', [
      detail('INSUFFICIENT_SCOPE', {
        field: 'Authorization',
        location: 'header',
        description: `The access token lacks the scope ${scope}.`,
      }),
    ]);
  }
  const { merchant, consent } = actingMerchant(request, deps, found.app, tokens);
  request.ctx = {
    baseUrl: requestBaseUrl(request),
    app: found.app,
    merchant,
    ...(consent ? { consent } : {}),
    scopes: found.token.scopes,
    token,
    prefer: parsePrefer(request.headers.prefer),
  };
}

/** The consent `seller` gave to the partner whose app is `app` (active links only). */
export function activeConsent(seller: Account, app: App): PartnerLink | undefined {
  return seller.partners?.find((link) => link.partner_id === app.merchant_id && !link.revoked_at);
}

/**
 * `Svc-Auth-Assertion` (spec part 5.5): a JWT naming the merchant a partner acts for. The sandbox reads
 * an unsigned JWT (alg `none`, as the platform accepts it): `iss`, when present, must be the calling
 * app's client id; `payer_id` or `email` names a business account. Acting for another merchant needs its
 * consent (a partner link from onboarding): 403 `NOT_AUTHORIZED` / `PAYEE_NOT_CONSENTED` without one.
 */
function actingMerchant(
  request: FastifyRequest,
  deps: ApiDeps,
  app: App,
  tokens: TokenCache,
): { merchant: Account; consent?: PartnerLink } {
  const assertion = request.headers['svc-auth-assertion'];
  const own = tokens.merchant(app.merchant_id);
  if (!own) throw new ApiError('INTERNAL_SERVER_ERROR');
  if (typeof assertion !== 'string') return { merchant: own };
  const field = { field: 'Svc-Auth-Assertion', location: 'header' as const };
  if (assertion.length < 1 || assertion.length > ASSERTION_MAX_LENGTH) {
    throw new ApiError('INVALID_REQUEST', [detail('INVALID_STRING_LENGTH', field)]);
  }
  const payload = assertion.split('.')[1];
  let claims: { payer_id?: unknown; email?: unknown; iss?: unknown } | undefined;
  try {
    claims = payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims)
      : undefined;
  } catch {
    claims = undefined;
  }
  if (!claims || typeof claims !== 'object') {
    throw new ApiError('INVALID_REQUEST', [
      detail('INVALID_PARAMETER_SYNTAX', {
        ...field,
        description: 'Expected a JWT with a payer_id or email claim.',
      }),
    ]);
  }
  if (claims.iss !== undefined && claims.iss !== app.client_id) {
    throw new ApiError('NOT_AUTHORIZED', [
      detail('ASSERTION_ISSUER_MISMATCH', {
        ...field,
        description: "The assertion's iss claim is not the client id of the calling app.",
      }),
    ]);
  }
  const account =
    typeof claims.payer_id === 'string'
      ? deps.store.accounts.byId(claims.payer_id)
      : typeof claims.email === 'string'
        ? deps.store.accounts.byEmail(claims.email)
        : undefined;
  if (!account || account.type !== 'BUSINESS') {
    throw new ApiError('NOT_AUTHORIZED', [
      detail('PAYEE_ACCOUNT_INVALID', {
        ...field,
        description: 'The assertion does not name a business account that consented to this app.',
      }),
    ]);
  }
  if (account.id === own.id) return { merchant: own };
  const consent = activeConsent(account, app);
  if (!consent) {
    throw new ApiError('NOT_AUTHORIZED', [
      detail('PAYEE_NOT_CONSENTED', {
        ...field,
        description: `${account.email} has not granted this partner consent to act on its behalf (onboard it through a partner referral).`,
      }),
    ]);
  }
  return { merchant: account, consent };
}

/**
 * Refuses an operation that acts for a seller without the third-party `feature` it needs: 403
 * `NOT_AUTHORIZED` / `PAYEE_NOT_CONSENTED`. Operations declare what they need on the route
 * (`partnerFeatures`, checked by the pipeline); this is for a need only the service can see.
 */
export function requirePartnerFeature(
  consent: PartnerLink | undefined,
  feature: string,
  field: { field: string; location: 'header' | 'body' },
): void {
  requirePartnerFeatures(consent, [feature], field);
}
