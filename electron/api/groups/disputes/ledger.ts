import type { DisputeState } from '../../../../shared/api/disputes/index.js';
import type { LedgerPosting, LedgerPostings } from '../../../ledger/ledger-posting.js';
import type { ResourceTransition } from '../../transition-bus.js';
import type { StoredDispute } from './types.js';

/** States in which the disputed amount is held from the seller: from opening to the first decision. */
const HOLDING: ReadonlySet<DisputeState> = new Set<DisputeState>([
  'INQUIRY_WAITING_FOR_SELLER_RESPONSE',
  'INQUIRY_WAITING_FOR_BUYER_RESPONSE',
  'CHARGEBACK_WAITING_FOR_SELLER_RESPONSE',
  'CHARGEBACK_WAITING_FOR_BUYER_RESPONSE',
  'CHARGEBACK_UNDER_REVIEW',
  'RETURN_WAITING_FOR_SELLER_RESPONSE',
]);

/**
 * What a dispute's moves do to the seller's balance (the refund itself is the payments group's: a
 * T1106 or T1107 line of the capture's refund):
 *
 * - opened: T1110 hold for dispute investigation, -amount, S;
 * - first decision (leaving the holding states): T1111 cancellation of the hold, +amount, S, same
 *   transaction id as the hold;
 * - an appeal decided for the seller after a refund: T1202 chargeback reversal, +what was refunded.
 */
export const disputePostings: LedgerPostings = (transition: ResourceTransition): LedgerPosting[] => {
  if (transition.resource.kind !== 'dispute') return [];
  const dispute = transition.resource as StoredDispute;
  const atMs = Date.parse(transition.at);
  const line = (
    transactionId: string,
    eventCode: string,
    amountMinor: bigint,
    subject: string,
  ): LedgerPosting => ({
    op: 'insert',
    entry: {
      accountId: dispute.internal.merchant_id,
      transactionId,
      eventCode,
      status: 'S',
      initiatedMs: atMs,
      currency: dispute.internal.currency,
      amountMinor,
      feeMinor: 0n,
      orderId: dispute.root_id,
      referenceId: dispute.internal.capture_id,
      source: 'api',
      details: { subject },
    },
  });
  const amount = BigInt(dispute.internal.amount_minor);
  if (transition.from === null)
    return [line(dispute.internal.hold_transaction_id, 'T1110', -amount, `Hold for dispute ${dispute.id}`)];
  const from = transition.from as DisputeState;
  const to = dispute.status;
  const postings: LedgerPosting[] = [];
  if (HOLDING.has(from) && !HOLDING.has(to))
    postings.push(
      line(dispute.internal.hold_transaction_id, 'T1111', amount, `Hold released, dispute ${dispute.id}`),
    );
  if (
    transition.trigger === 'adjudicate' &&
    dispute.internal.reimbursement_transaction_id &&
    (from === 'PRE_ARBITRATION_UNDER_REVIEW' || from === 'ARBITRATION_UNDER_REVIEW')
  )
    postings.push(
      line(
        dispute.internal.reimbursement_transaction_id,
        'T1202',
        BigInt(dispute.internal.reimbursed_minor),
        `Dispute ${dispute.id} decided for the seller on appeal`,
      ),
    );
  return postings;
};
