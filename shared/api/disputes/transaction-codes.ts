import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Customer disputes (joined with every other group's by the registries). */
export const DISPUTES_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T1106',
    name: 'Payment reversal, initiated by the platform',
    direction: 'DR',
    balanceAffecting: true,
    source:
      'Customer disputes: the refund of a dispute the platform decided for the buyer (or that timed out)',
  },
  {
    code: 'T1107',
    name: 'Payment refund, initiated by the merchant',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Customer disputes: the refund of a dispute the seller accepted or settled by an offer',
  },
  {
    code: 'T1110',
    name: 'Hold for dispute investigation',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Customer disputes: the disputed amount held from the seller when the dispute opens',
  },
  {
    code: 'T1111',
    name: 'Cancellation of hold for dispute resolution',
    direction: 'CR',
    balanceAffecting: true,
    source:
      'Customer disputes: the hold released when the dispute is resolved (same transaction id as T1110)',
  },
  {
    code: 'T1202',
    name: 'Chargeback reversal',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Customer disputes: the refunded amount paid back to the seller when an appeal is decided for it',
  },
];
