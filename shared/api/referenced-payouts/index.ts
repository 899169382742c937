import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { REFERENCED_PAYOUTS_ENDPOINTS } from './endpoints.js';
import { REFERENCED_PAYOUTS_ISSUES } from './issues.js';
import { referencedPayoutBatchMachine, referencedPayoutItemMachine } from './machines.js';
import { REFERENCED_PAYOUTS_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Referenced payouts: what both sides know of it. */
export const referencedPayoutsShared = defineSharedGroup({
  name: 'referenced-payouts',
  transactionCodes: REFERENCED_PAYOUTS_TRANSACTION_CODES,
  issues: REFERENCED_PAYOUTS_ISSUES,
  machines: {
    'referenced-payout-batch': referencedPayoutBatchMachine,
    'referenced-payout-item': referencedPayoutItemMachine,
  },
  endpoints: Object.values(REFERENCED_PAYOUTS_ENDPOINTS),
  scopes: [SCOPES.referencedPayouts],
});
