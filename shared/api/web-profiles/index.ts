import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { WEB_PROFILES_ENDPOINTS } from './endpoints.js';
import { WEB_PROFILES_ISSUES } from './issues.js';
import { webProfileMachine } from './machines.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Web experience profiles: what both sides know of them. */
export const webProfilesShared = defineSharedGroup({
  name: 'web-profiles',
  issues: WEB_PROFILES_ISSUES,
  machines: { 'web-profile': webProfileMachine },
  endpoints: Object.values(WEB_PROFILES_ENDPOINTS),
  scopes: [SCOPES.payments],
});
