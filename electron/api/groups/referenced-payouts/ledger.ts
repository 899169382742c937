import type { LedgerPosting, LedgerPostings } from '../../../ledger/ledger-posting.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { ITEM_KIND, type StoredReferencedPayoutItem } from './types.js';

/** Payout sent (spec 2.15 event codes): a debit of the sender. */
export const PAYOUT_SENT = 'T0001';

/**
 * What referenced payouts do to the ledger: an item that succeeded debits its sender by the payout
 * amount (T0001, S, no fee), under the payout's own transaction id, with the referenced capture as the
 * entry's reference. A PROCESSING or FAILED item moved no money and writes nothing, so transaction
 * search and balances show exactly the payouts that were made.
 */
export const referencedPayoutPostings: LedgerPostings = (transition: ResourceTransition): LedgerPosting[] => {
  if (transition.resource.kind !== ITEM_KIND || transition.trigger !== 'succeed') return [];
  const item = transition.resource as StoredReferencedPayoutItem;
  const transactionId = item.body.payout_transaction_id;
  if (!transactionId) return [];
  return [
    {
      op: 'insert',
      entry: {
        accountId: item.internal.sender_account_id,
        transactionId,
        eventCode: PAYOUT_SENT,
        status: 'S',
        initiatedMs: Date.parse(transition.at),
        currency: item.body.payout_amount.currency_code,
        amountMinor: -BigInt(item.internal.amount_minor),
        feeMinor: 0n,
        referenceId: item.body.reference_type === 'TRANSACTION_ID' ? item.body.reference_id : null,
        source: 'api',
        details: {
          ...(item.body.invoice_id ? { invoice_id: item.body.invoice_id } : {}),
          ...(item.body.custom ? { custom_field: item.body.custom } : {}),
        },
      },
    },
  ];
};
