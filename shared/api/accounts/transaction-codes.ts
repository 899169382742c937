import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by the sandbox accounts helpers (joined with every other group's by the registries). */
export const ACCOUNTS_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0300',
    name: 'General funding of the account (bank deposit)',
    direction: 'CR',
    balanceAffecting: true,
    source:
      'Sandbox helpers POST /v1/test-helpers/accounts (opening balances) and /balance-adjustments (a top-up)',
  },
  {
    code: 'T0400',
    name: 'General withdrawal from the account (to a bank)',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Sandbox helper POST /v1/test-helpers/accounts/{id}/balance-adjustments (a drain)',
  },
];
