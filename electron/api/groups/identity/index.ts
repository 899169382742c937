import { identityShared } from '../../../../shared/api/identity/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { IDENTITY_EVENTS } from './events.js';
import { identityRoutes } from './routes.js';
import { ScimUsersService } from './scim-users-service.js';
import { SCIM_USER_RESOURCE_KIND } from './scim-views.js';

export { SCIM_USER_KIND } from './types.js';
export { IDENTITY_CONSENT_REVOKED } from './events.js';

/**
 * Identity (spec 2.18, 4.12): the OpenID Connect userinfo call (claims by scope) and the platform's
 * SCIM users (create, list with filter and paging, show, PATCH, DELETE) in `application/scim+json`.
 */
export function defineIdentity(deps: GroupDeps): GroupModule {
  const users = new ScimUsersService(deps);
  return {
    name: 'identity',
    shared: identityShared,
    routes: identityRoutes(users),
    resourceKinds: [SCIM_USER_RESOURCE_KIND],
    events: IDENTITY_EVENTS,
  };
}
