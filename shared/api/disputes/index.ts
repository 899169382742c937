import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { DISPUTES_ENDPOINTS } from './endpoints.js';
import { DISPUTES_ISSUES } from './issues.js';
import { disputeMachine } from './machines.js';
import { DISPUTES_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Customer Disputes v1: what both sides know of it. */
export const disputesShared = defineSharedGroup({
  name: 'disputes',
  transactionCodes: DISPUTES_TRANSACTION_CODES,
  issues: DISPUTES_ISSUES,
  machines: { dispute: disputeMachine },
  endpoints: Object.values(DISPUTES_ENDPOINTS),
  scopes: [SCOPES.disputesRead, SCOPES.disputesUpdate, SCOPES.disputesUpdateBuyer],
});
