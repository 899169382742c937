import { createHash } from 'node:crypto';
import { claimsFor, type Userinfo, type UserinfoClaim } from '../../../../shared/api/identity/claims.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { RequestContext } from '../../route.js';

/**
 * `GET /v1/identity/openidconnect/userinfo` (spec 2.18, 4.12, 5.6): the profile of the account the call
 * acts for (the app's own merchant, or the one `Svc-Auth-Assertion` names), cut down to the claims the
 * token's scopes allow. Claims the sandbox account has no data for (phone, birthdate, picture, ...) are
 * left out, as the platform leaves out what it does not know.
 */
export function userinfo(ctx: RequestContext): Userinfo {
  const allowed = claimsFor(ctx.scopes);
  const full = profileOf(ctx.merchant, ctx.app.id, ctx.baseUrl);
  const shown: Record<string, unknown> = {};
  for (const [claim, value] of Object.entries(full))
    if (value !== undefined && allowed.has(claim as UserinfoClaim)) shown[claim] = value;
  return shown as Userinfo;
}

/**
 * The subject identifier: stable for one account and one app, different across apps (OpenID Connect's
 * pairwise identifiers, as the platform gives each app its own `user_id`), never the account id itself.
 */
export function subjectOf(accountId: string, appId: string): string {
  return createHash('sha256').update(`${appId}:${accountId}`).digest('base64url').slice(0, 43);
}

/** Every claim the sandbox knows of an account. */
function profileOf(account: Account, appId: string, baseUrl: string): Userinfo {
  const sub = subjectOf(account.id, appId);
  const { given_name, surname } = account.name;
  return {
    user_id: `${baseUrl}/webapps/auth/identity/user/${sub}`,
    sub,
    name: `${given_name} ${surname}`.trim(),
    given_name,
    family_name: surname,
    email: account.email,
    // Sandbox accounts are created confirmed and verified: nothing in the sandbox sends a confirmation.
    email_verified: true,
    address: {
      street_address: account.address.address_line_1,
      locality: account.address.admin_area_2,
      region: account.address.admin_area_1,
      postal_code: account.address.postal_code,
      country: account.address.country_code,
    },
    verified_account: true,
    account_type: account.type,
    payer_id: account.id,
  };
}
