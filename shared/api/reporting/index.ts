import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { REPORTING_ENDPOINTS } from './endpoints.js';
import { REPORTING_ISSUES } from './issues.js';

export * from './schemas.js';
export * from './query-schemas.js';
export * from './issues.js';
export * from './endpoints.js';

/** Reporting: what both sides know of it. */
export const reportingShared = defineSharedGroup({
  name: 'reporting',
  issues: REPORTING_ISSUES,
  machines: {},
  endpoints: Object.values(REPORTING_ENDPOINTS),
  scopes: [SCOPES.reporting],
});
