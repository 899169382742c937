import type { TransactionCode } from '../../ledger/transaction-codes.js';

/** The ledger codes posted by Payouts (joined with every other group's by the registries). */
export const PAYOUTS_TRANSACTION_CODES: readonly TransactionCode[] = [
  {
    code: 'T0001',
    name: 'Payout sent (mass payment)',
    direction: 'DR',
    balanceAffecting: true,
    source:
      'Payouts: an item paid (SUCCESS, UNCLAIMED, ONHOLD), amount and the item fee; V once the item is returned or refunded',
  },
  {
    code: 'T0000',
    name: 'General payment received',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Payouts: the receiving sandbox account of a paid item',
  },
  {
    code: 'T1114',
    name: 'Payout reversal (mass payment returned)',
    direction: 'CR',
    balanceAffecting: true,
    source:
      'Payouts: an unclaimed item returned after 30 days or cancelled; amount and fee back to the sender',
  },
  {
    code: 'T1115',
    name: 'Payout refund (mass payment refunded by the receiver)',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Payouts: an item refunded by its receiver; the amount comes back, the fee is kept',
  },
  {
    code: 'T0300',
    name: 'General funding of the account (bank deposit)',
    direction: 'CR',
    balanceAffecting: true,
    source: 'Sandbox helper POST /v1/test-helpers/payouts/fund',
  },
];
