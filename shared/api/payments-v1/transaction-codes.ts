import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Payments v1 (joined with every other group's by the registries). */
export const PAYMENTS_V1_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0006',
    name: 'Checkout payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Payments v1 sale or capture',
  },
  {
    code: 'T1107',
    name: 'Payment refund, initiated by the merchant',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Payments v1 refund of a sale or capture',
  },
  {
    code: 'T1300',
    name: 'Authorization: buyer funds held',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Payments v1 authorization (P; S once captured; V when voided)',
  },
  {
    code: 'T1302',
    name: 'Reauthorization',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Payments v1 reauthorization',
  },
  {
    code: 'T1303',
    name: 'Authorization voided',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Payments v1 void of an authorization',
  },
];
