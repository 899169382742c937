import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { ORDERS_V2_ENDPOINTS } from './endpoints.js';
import { ORDERS_V2_ISSUES } from './issues.js';
import { orderMachine } from './machines.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './patch-rules.js';

/** Orders v2: what both sides know of it. */
export const ordersV2Shared = defineSharedGroup({
  name: 'orders-v2',
  issues: ORDERS_V2_ISSUES,
  machines: { order: orderMachine },
  endpoints: Object.values(ORDERS_V2_ENDPOINTS),
  scopes: [SCOPES.orders],
});
