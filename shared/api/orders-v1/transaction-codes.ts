import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Orders v1 (joined with every other group's by the registries). */
export const ORDERS_V1_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T1300',
    name: 'Authorization: buyer funds held',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Orders v1 authorization',
  },
  {
    code: 'T0006',
    name: 'Checkout payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Orders v1 capture',
  },
  {
    code: 'T0000',
    name: 'General payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Orders v1 sale',
  },
];
