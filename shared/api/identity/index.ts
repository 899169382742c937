import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { IDENTITY_ENDPOINTS } from './endpoints.js';
import { IDENTITY_ISSUES } from './issues.js';
import { scimUserMachine } from './machines.js';

export * from './claims.js';
export * from './endpoints.js';
export * from './issues.js';
export * from './machines.js';
export * from './schemas.js';
export * from './scim-rules.js';

/** Identity: userinfo and SCIM users, what both sides know of it. */
export const identityShared = defineSharedGroup({
  name: 'identity',
  issues: IDENTITY_ISSUES,
  machines: { 'scim-user': scimUserMachine },
  endpoints: Object.values(IDENTITY_ENDPOINTS),
  scopes: [
    SCOPES.openid,
    SCOPES.profile,
    SCOPES.email,
    SCOPES.address,
    SCOPES.phone,
    SCOPES.svcAttributes,
    SCOPES.scimUsers,
  ],
});
