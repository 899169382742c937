import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { PAYOUTS_ENDPOINTS } from './endpoints.js';
import { PAYOUTS_ISSUES } from './issues.js';
import { payoutBatchMachine, payoutItemMachine } from './machines.js';
import { PAYOUTS_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './fee-schedule.js';
export * from './payout-rules.js';
export * from './sandbox-receivers.js';

/** Payouts: what both sides know of it. */
export const payoutsShared = defineSharedGroup({
  name: 'payouts',
  transactionCodes: PAYOUTS_TRANSACTION_CODES,
  issues: PAYOUTS_ISSUES,
  machines: { 'payout-batch': payoutBatchMachine, 'payout-item': payoutItemMachine },
  endpoints: Object.values(PAYOUTS_ENDPOINTS),
  scopes: [SCOPES.payouts],
});
