import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { WEBHOOKS_ENDPOINTS } from './endpoints.js';
import { WEBHOOKS_ISSUES } from './issues.js';

export * from './schemas.js';
export * from './issues.js';
export * from './endpoints.js';

/** Webhooks: what both sides know of it. */
export const webhooksShared = defineSharedGroup({
  name: 'webhooks',
  issues: WEBHOOKS_ISSUES,
  machines: {},
  endpoints: Object.values(WEBHOOKS_ENDPOINTS),
  scopes: [SCOPES.webhooks],
});
