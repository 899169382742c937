import { newAccessToken, newNonce } from '../../../../shared/ids.js';
import { isoSeconds } from '../../../clock.js';
import { clientSecretMatches } from '../../../store/repositories/client-secret-hash.js';
import type { ApiDeps } from '../../deps.js';
import { tokenNow } from '../../token-clock.js';
import { TokenError } from '../../pipeline/api-error.js';

/** The access token response (spec 2.2). */
export interface TokenResponse {
  scope: string;
  access_token: string;
  token_type: 'Bearer';
  app_id: string;
  expires_in: number;
  nonce: string;
}

/** Grants the spec names in its errors; only client_credentials issues a token here. */
const KNOWN_OTHER_GRANTS = new Set([
  'refresh_token',
  'authorization_code',
  'password',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
]);

/** Decodes `Authorization: Basic base64(client_id:client_secret)`; any defect is INVALID_CLIENT. */
export function parseBasicCredentials(header: string | undefined): {
  clientId: string;
  clientSecret: string;
} {
  if (!header) throw new TokenError('INVALID_CLIENT_MISSING');
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) throw new TokenError('INVALID_CLIENT_ENCODING');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  // Round-trip check: Buffer.from silently skips bad characters, so compare re-encoded forms.
  if (Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== match[1].replace(/=+$/, '')) {
    throw new TokenError('INVALID_CLIENT_ENCODING');
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw new TokenError('INVALID_CLIENT_ENCODING');
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

/** `POST /v1/oauth2/token` (spec 4.2 and part 5): client credentials for a bearer token. */
export class TokenService {
  constructor(private readonly deps: ApiDeps) {}

  issue(authorization: string | undefined, form: Record<string, string | undefined>): TokenResponse {
    const { clientId, clientSecret } = parseBasicCredentials(authorization);
    const app = this.deps.store.apps.byClientId(clientId);
    if (!app || !clientSecretMatches(app.client_secret_hash, clientSecret))
      throw new TokenError('INVALID_CLIENT_CREDENTIALS');

    const grant = form.grant_type;
    if (!grant) throw new TokenError('GRANT_TYPE_MISSING');
    if (form.response_type !== undefined && form.response_type !== 'token')
      throw new TokenError('RESPONSE_TYPE_INVALID');
    if (form.target_client_id !== undefined && !app.scopes.includes('GRANT_PROXY_CLIENT'))
      throw new TokenError('TARGET_CLIENT_NOT_ALLOWED');
    if (grant === 'refresh_token')
      throw new TokenError(form.refresh_token ? 'REFRESH_TOKEN_INVALID' : 'REFRESH_TOKEN_MISSING');
    if (grant === 'authorization_code') {
      if (!form.redirect_uri) throw new TokenError('REDIRECT_URI_MISSING');
      throw new TokenError('AUTHZ_CODE_INVALID');
    }
    if (grant !== 'client_credentials') {
      throw new TokenError(
        KNOWN_OTHER_GRANTS.has(grant) ? 'GRANT_TYPE_UNSUPPORTED' : 'GRANT_TYPE_UNSUPPORTED',
      );
    }

    // An optional `scope` narrows the token to part of the app's scopes (space-separated URIs).
    const requested = form.scope?.split(/\s+/).filter(Boolean);
    if (requested && requested.some((s) => !app.scopes.includes(s))) throw new TokenError('INVALID_SCOPE');
    const scopes = requested && requested.length > 0 ? requested : app.scopes;

    const now = this.deps.clock.now();
    const lifetime = this.deps.config.tokenLifetimeSeconds;
    const token = newAccessToken();
    // Expiry on the token clock (real time unless the host says otherwise); the nonce keeps the
    // simulated time, as every other time the API shows.
    const expiresAt = tokenNow(this.deps) + lifetime * 1000;
    this.deps.store.tokens.insert({ token, app_id: app.id, scopes, expires_at: expiresAt });
    return {
      scope: scopes.join(' '),
      access_token: token,
      token_type: 'Bearer',
      app_id: app.id,
      expires_in: lifetime,
      nonce: `${isoSeconds(now)}${newNonce()}`,
    };
  }
}
