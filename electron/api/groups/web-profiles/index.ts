import { webProfileMachine, webProfilesShared } from '../../../../shared/api/web-profiles/index.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import { EXPIRE_PROFILE_JOB, expireProfileJob } from './jobs.js';
import { webProfileRoutes } from './routes.js';
import { WebProfilesService } from './service.js';
import { WEB_PROFILE_KIND, type StoredWebProfile } from './types.js';
import { webProfileLinks, webProfileView } from './views.js';

export { lookupWebProfile } from './lookup.js';
export { TEMPORARY_PROFILE_MS, EXPIRE_PROFILE_JOB } from './jobs.js';
export { WEB_PROFILE_KIND, type StoredWebProfile } from './types.js';
export type { WebProfile } from '../../../../shared/api/web-profiles/schemas.js';
export type { WebProfilesService };

/**
 * Web experience profiles (spec 2.17, 4.12): a merchant's named settings for the buyer page (brand
 * name, logo, landing page, shipping fields). Payments v1 reads them through `lookupWebProfile`.
 */
export function defineWebProfiles(deps: GroupDeps): GroupModule & { api: WebProfilesService } {
  const profiles = new WebProfilesService(deps);
  return {
    name: 'web-profiles',
    shared: webProfilesShared,
    api: profiles,
    routes: webProfileRoutes(profiles),
    resourceKinds: [
      defineResourceKind<StoredWebProfile>({
        kind: WEB_PROFILE_KIND,
        machine: webProfileMachine,
        view: (profile) => ({ ...webProfileView(profile) }),
        links: webProfileLinks,
        summary: () => ({}),
        rootKind: WEB_PROFILE_KIND,
      }),
    ],
    jobs: { [EXPIRE_PROFILE_JOB]: expireProfileJob((id, at) => profiles.expire(id, at)) },
  };
}
