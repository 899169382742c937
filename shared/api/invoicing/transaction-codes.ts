import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Invoicing (joined with every other group's by the registries). */
export const INVOICING_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0000',
    name: 'General payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Invoicing: an invoice paid by its customer',
  },
];
