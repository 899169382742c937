import type { LedgerPosting, LedgerPostings } from '../../../ledger/ledger-posting.js';
import type { NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { ITEM_KIND, type StoredReferencedPayoutItem } from './types.js';

/** Payout sent (spec 2.15 event codes): a debit of the sender. */
export const PAYOUT_SENT = 'T0001';
/** Payment received: the payee's side of the payout, as a payout item's receiver gets it. */
export const PAYOUT_RECEIVED = 'T0000';

/**
 * The payee's side of a paid item when the payee is another sandbox account (the account `payee_email`
 * names): the amount arrives in its balance with no fee (the sender paid it), under the same
 * transaction id, as a payout item credits its receiver. A payee that is the sender itself (a capture's
 * own merchant) gets no credit: the money never left it for anyone else.
 */
function received(item: StoredReferencedPayoutItem, paid: NewLedgerEntry): NewLedgerEntry | undefined {
  const payee = item.internal.payee_account_id;
  if (!payee || payee === item.internal.sender_account_id) return undefined;
  return {
    ...paid,
    accountId: payee,
    eventCode: PAYOUT_RECEIVED,
    amountMinor: BigInt(item.internal.amount_minor),
    feeMinor: 0n,
    details: {
      subject: 'Payout received',
      payer: { account_id: item.internal.sender_account_id },
    },
  };
}

/**
 * What referenced payouts do to the ledger: an item that succeeded debits its sender by the payout
 * amount (T0001, S, no fee), under the payout's own transaction id, with the referenced capture as the
 * entry's reference, and credits its payee when that is another sandbox account (T0000, see `received`).
 * A PROCESSING or FAILED item moved no money and writes nothing, so transaction search and balances show
 * exactly the payouts that were made.
 */
export const referencedPayoutPostings: LedgerPostings = (transition: ResourceTransition): LedgerPosting[] => {
  if (transition.resource.kind !== ITEM_KIND || transition.trigger !== 'succeed') return [];
  const item = transition.resource as StoredReferencedPayoutItem;
  const transactionId = item.body.payout_transaction_id;
  if (!transactionId) return [];
  const paid: NewLedgerEntry = {
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
  };
  const credit = received(item, paid);
  return credit
    ? [
        { op: 'insert', entry: paid },
        { op: 'insert', entry: credit },
      ]
    : [{ op: 'insert', entry: paid }];
};
