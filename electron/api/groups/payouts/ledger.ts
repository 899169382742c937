import type { PayerInfo } from '../../../../shared/api/reporting/schemas.js';
import type { LedgerPosting, LedgerPostings } from '../../../ledger/ledger-posting.js';
import type { EntryDetails, NewLedgerEntry } from '../../../ledger/ledger-types.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { StoredPayoutItem } from './types.js';

/** Item statuses whose money left the sender when the item was processed. */
const PAID_ON_PROCESSING: ReadonlySet<string> = new Set(['SUCCESS', 'UNCLAIMED', 'ONHOLD', 'REFUNDED']);
const PAYMENT_CODES = ['T0001'] as const;

/** The receiver as the report's `payer_info` (the other party of the payout). */
function counterparty(item: StoredPayoutItem): PayerInfo {
  const spec = item.body.payout_item;
  return {
    ...(item.internal.receiver_account_id ? { account_id: item.internal.receiver_account_id } : {}),
    ...(spec.recipient_type === 'EMAIL' ? { email_address: spec.receiver } : {}),
  };
}

function details(item: StoredPayoutItem): EntryDetails {
  const spec = item.body.payout_item;
  const payer = counterparty(item);
  return {
    ...(spec.note ? { subject: spec.note.slice(0, 256) } : {}),
    ...(spec.sender_item_id ? { custom_field: spec.sender_item_id } : {}),
    ...(Object.keys(payer).length > 0 ? { payer } : {}),
  };
}

function entry(
  item: StoredPayoutItem,
  transactionId: string,
  eventCode: string,
  atMs: number,
  amountMinor: bigint,
  feeMinor: bigint,
  referenceId: string,
): NewLedgerEntry {
  return {
    accountId: item.internal.sender_account_id,
    transactionId,
    eventCode,
    status: 'S',
    initiatedMs: atMs,
    currency: item.internal.currency,
    amountMinor,
    feeMinor,
    referenceId,
    source: 'api',
    details: details(item),
  };
}

/**
 * The receiver's side of a paid item when the receiver is a sandbox account: the amount arrives in its
 * balance (T0000, money received, no fee: the sender paid it), so the Accounts page shows the payout.
 */
function received(item: StoredPayoutItem, paid: NewLedgerEntry): NewLedgerEntry {
  return {
    ...paid,
    accountId: item.internal.receiver_account_id ?? '',
    eventCode: 'T0000',
    amountMinor: BigInt(item.internal.amount_minor),
    feeMinor: 0n,
    details: {
      subject: item.body.payout_item.note?.slice(0, 256) ?? 'Payout received',
      payer: { account_id: item.internal.sender_account_id },
    },
  };
}

/**
 * What payout items do to the sender's ledger (a batch itself moves no money):
 *
 * - processed as SUCCESS, UNCLAIMED or ONHOLD: T0001, amount -amount, fee -fee, S (the money left; an
 *   unclaimed payout is S rather than P because a pending entry here means funds withheld from a credit);
 *   a SUCCESS to a sandbox account also credits that account (T0000, see `received`);
 * - processed as REFUNDED (paid, then refunded by the receiver): that T0001 entry as V, and T1115 giving
 *   back the amount (the fee is kept);
 * - FAILED, BLOCKED or DENIED: nothing (no transaction id; nothing left the sender);
 * - returned (30 days unclaimed) or cancelled: the T0001 entry becomes V and T1114 gives back the amount
 *   and the fee.
 *
 * The postings of processing are applied by the processor once per chunk (`LedgerWriter.apply`: one
 * multi-row insert and one rollup write for 500 items instead of 500 of each); returns and cancels go
 * through the transition bus like every other group's.
 */
export function processedItemPostings(item: StoredPayoutItem, atMs: number): LedgerPosting[] {
  const payment = item.internal.payment_transaction_id;
  if (!payment || !PAID_ON_PROCESSING.has(item.status)) return [];
  const amount = BigInt(item.internal.amount_minor);
  const fee = BigInt(item.internal.fee_minor);
  const paid = entry(item, payment, 'T0001', atMs, -amount, -fee, item.body.payout_batch_id);
  const reversal = item.internal.reversal_transaction_id;
  if (item.status === 'SUCCESS' && item.internal.receiver_account_id)
    return [
      { op: 'insert', entry: paid },
      { op: 'insert', entry: received(item, paid) },
    ];
  if (item.status !== 'REFUNDED' || !reversal) return [{ op: 'insert', entry: paid }];
  return [
    { op: 'insert', entry: { ...paid, status: 'V' } },
    { op: 'insert', entry: entry(item, reversal, 'T1115', atMs, amount, 0n, payment) },
  ];
}

/** The transition bus rule: an UNCLAIMED item returned after 30 days, or cancelled. */
export function payoutPostings(): LedgerPostings {
  return (transition: ResourceTransition): LedgerPosting[] => {
    if (transition.resource.kind !== 'payout-item') return [];
    if (transition.trigger !== 'return' && transition.trigger !== 'cancel') return [];
    const item = transition.resource as StoredPayoutItem;
    const payment = item.internal.payment_transaction_id;
    const reversal = item.internal.reversal_transaction_id;
    if (!payment || !reversal) return [];
    const atMs = Date.parse(transition.at);
    return [
      { op: 'set-status', transactionId: payment, codes: PAYMENT_CODES, status: 'V', atMs },
      {
        op: 'insert',
        entry: entry(
          item,
          reversal,
          'T1114',
          atMs,
          BigInt(item.internal.amount_minor),
          BigInt(item.internal.fee_minor),
          payment,
        ),
      },
    ];
  };
}
