import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { TRACKERS_ENDPOINTS } from './endpoints.js';
import { TRACKERS_ISSUES } from './issues.js';
import { trackerMachine } from './machines.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './tracking-number.js';

/** Shipment tracking: what both sides know of it. */
export const trackersShared = defineSharedGroup({
  name: 'trackers',
  issues: TRACKERS_ISSUES,
  machines: { tracker: trackerMachine },
  endpoints: Object.values(TRACKERS_ENDPOINTS),
  scopes: [SCOPES.trackers],
});
