import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Referenced payouts (joined with every other group's by the registries). */
export const REFERENCED_PAYOUTS_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0001',
    name: 'Payout sent (mass payment)',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Referenced payouts: an item paid to the seller',
  },
];
