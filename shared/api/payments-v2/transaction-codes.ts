import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Payments v2 (the captures, refunds and authorizations of Orders v2) (joined with every other group's by the registries). */
export const PAYMENTS_V2_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0006',
    name: 'Checkout payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Orders v2 capture (order capture or authorization capture)',
  },
  {
    code: 'T0013',
    name: 'Donation payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Orders v2 capture of a unit whose items are all DONATION',
  },
  {
    code: 'T0113',
    name: 'Partner fee',
    direction: 'DR',
    balanceAffecting: true,
    source:
      'Orders v2 capture with platform_fees: debited from the seller (negative amount), credited to the partner (positive amount) under one transaction id',
  },
  {
    code: 'T1107',
    name: 'Payment refund, initiated by the merchant',
    direction: 'DR',
    balanceAffecting: true,
    source: 'Payments v2 refund',
  },
  {
    code: 'T1300',
    name: 'Authorization: buyer funds held',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Orders v2 authorize (P; S once fully captured; V when voided or expired)',
  },
  {
    code: 'T1302',
    name: 'Reauthorization',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Payments v2 reauthorize (same transaction id as the authorization)',
  },
  {
    code: 'T1303',
    name: 'Authorization voided',
    direction: 'MEMO',
    balanceAffecting: false,
    source: 'Payments v2 void (same transaction id as the authorization)',
  },
];
