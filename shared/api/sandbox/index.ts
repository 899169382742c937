import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { SANDBOX_ISSUES } from './issues.js';
import { SANDBOX_ENDPOINTS } from './endpoints.js';

export * from './schemas.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './merchant-pages.js';

/** The sandbox control API: what both sides know of it. */
export const sandboxShared = defineSharedGroup({
  name: 'sandbox',
  issues: SANDBOX_ISSUES,
  machines: {},
  endpoints: Object.values(SANDBOX_ENDPOINTS),
  scopes: [SCOPES.testHelpers],
});
