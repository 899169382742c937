import { SCOPES } from '../../scopes.js';

/**
 * Which userinfo claims (spec 2.18) each scope of the access token opens (spec 5.6: "the userinfo call
 * returns attributes that depend on the scopes of the client"). The standard scopes follow OpenID
 * Connect Core 5.4; the platform's own attributes scope adds the account's standing. A claim the
 * account has no data for is left out, as the platform leaves it out.
 */
export const CLAIMS_BY_SCOPE = [
  { scope: SCOPES.openid, label: 'openid', claims: ['user_id', 'sub'] },
  {
    scope: SCOPES.profile,
    label: 'profile',
    claims: [
      'name',
      'given_name',
      'family_name',
      'middle_name',
      'picture',
      'gender',
      'birthdate',
      'zoneinfo',
      'locale',
    ],
  },
  { scope: SCOPES.email, label: 'email', claims: ['email', 'email_verified'] },
  { scope: SCOPES.address, label: 'address', claims: ['address'] },
  { scope: SCOPES.phone, label: 'phone', claims: ['phone_number'] },
  {
    scope: SCOPES.svcAttributes,
    label: 'svcattributes',
    claims: ['verified_account', 'account_type', 'age_range', 'payer_id'],
  },
] as const;

export type UserinfoClaim = (typeof CLAIMS_BY_SCOPE)[number]['claims'][number];

/** The claims a token with `scopes` may read; `openid` is what opens the call at all. */
export function claimsFor(scopes: readonly string[]): Set<UserinfoClaim> {
  const allowed = new Set<UserinfoClaim>();
  for (const row of CLAIMS_BY_SCOPE)
    if (scopes.includes(row.scope)) for (const claim of row.claims) allowed.add(claim);
  return allowed;
}

/** The userinfo answer (spec 2.18); every member is optional and depends on the token's scopes. */
export interface Userinfo {
  user_id?: string;
  sub?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  picture?: string;
  gender?: string;
  birthdate?: string;
  zoneinfo?: string;
  locale?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  address?: {
    street_address?: string;
    locality?: string;
    region?: string;
    postal_code?: string;
    country?: string;
  };
  verified_account?: boolean;
  account_type?: 'PERSONAL' | 'BUSINESS' | 'PREMIER';
  age_range?: string;
  payer_id?: string;
}
