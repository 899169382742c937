import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Subscriptions (joined with every other group's by the registries). */
export const SUBSCRIPTIONS_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0002',
    name: 'Subscription payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Subscriptions: a billing cycle paid',
  },
  {
    code: 'T1107',
    name: 'Payment refund, initiated by the merchant',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Subscriptions: a subscription payment refunded',
  },
  {
    code: 'T0300',
    name: 'General funding of the account (bank deposit)',
    direction: 'CR',
    balanceAffecting: true,
    source: "Subscriptions test helper: a payer's wallet set higher",
  },
  {
    code: 'T0400',
    name: 'General withdrawal from the account (to a bank)',
    direction: 'DR',
    balanceAffecting: true,
    source: "Subscriptions test helper: a payer's wallet set lower",
  },
];
