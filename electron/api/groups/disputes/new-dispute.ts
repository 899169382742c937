import {
  DISPUTE_STATE_FACTS,
  type DisputeReason,
  type DisputeState,
} from '../../../../shared/api/disputes/index.js';
import type { Money } from '../../../../shared/money.js';
import type { DisputableKind } from './ports.js';
import type { DisputeBody, StoredDispute } from './types.js';

/** What a dispute is opened with; its messages, evidence, refunds and documents start empty. */
export interface DisputeOpening {
  id: string;
  /** When it opens (ISO, whole seconds). */
  at: string;
  appId: string | null;
  rootId: string | null;
  state: DisputeState;
  transaction: DisputeBody['disputed_transactions'][number];
  transactionKind?: DisputableKind;
  reason: DisputeReason;
  amount: Money;
  amountMinor: bigint;
  merchantId: string;
  /** The ledger transaction of the hold on the seller's balance. */
  holdTransactionId: string;
  refundedMinor?: bigint;
  /** What the body starts with besides the dispute's facts: an offer, a message, an outcome, a due date. */
  body?: Partial<DisputeBody>;
}

/**
 * A dispute over one transaction as it is first stored, the same whether the buyer opens it or the event
 * simulator shows one: the disputed transaction is its parent, and its stage follows its state.
 */
export function newDispute(opening: DisputeOpening): StoredDispute {
  const { id, at, transaction, amount } = opening;
  return {
    kind: 'dispute',
    id,
    app_id: opening.appId,
    status: opening.state,
    parent_id: transaction.seller_transaction_id,
    root_id: opening.rootId,
    create_time: at,
    update_time: at,
    body: {
      dispute_id: id,
      create_time: at,
      update_time: at,
      disputed_transactions: [transaction],
      reason: opening.reason,
      dispute_amount: amount,
      dispute_life_cycle_stage: DISPUTE_STATE_FACTS[opening.state].stage ?? 'INQUIRY',
      dispute_channel: 'INTERNAL',
      ...opening.body,
    },
    internal: {
      merchant_id: opening.merchantId,
      capture_id: transaction.seller_transaction_id,
      ...(opening.transactionKind ? { transaction_kind: opening.transactionKind } : {}),
      currency: amount.currency_code,
      amount_minor: String(opening.amountMinor),
      hold_transaction_id: opening.holdTransactionId,
      refunded_minor: String(opening.refundedMinor ?? 0n),
      refund_ids: [],
      reimbursed_minor: '0',
      documents: [],
    },
  };
}
