import type { PayoutItemSpec } from '../../../../shared/api/payouts/payout-rules.js';
import type { PayoutItemError } from '../../../../shared/api/payouts/sandbox-receivers.js';
import type { MoneyV1, SenderBatchHeader } from '../../../../shared/api/payouts/schemas.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export type { PayoutItemSpec };

/**
 * An item's or a denied batch's `errors`, as stored: its name. The view adds the message and the
 * `information_link` (which depends on the request's base URL).
 */
export interface PayoutErrors {
  name: PayoutItemError;
}

/** What a batch shows besides its status (the view adds `batch_status` from the row). */
export interface PayoutBatchBody {
  payout_batch_id: string;
  time_created: string;
  time_completed?: string;
  time_closed?: string;
  sender_batch_header: SenderBatchHeader;
  funding_source: 'BALANCE';
  /** Totals of a single-currency batch (a batch paying several currencies shows none). */
  amount?: MoneyV1;
  fees?: MoneyV1;
  errors?: PayoutErrors;
}

/** Totals of one currency in minor units (decimal strings: JSON has no bigint). */
export interface StoredTotals {
  currency: string;
  amount_minor: string;
  fees_minor: string;
  count: number;
}

/**
 * A batch's bookkeeping: who pays, and its items exactly as accepted (one JSON text, see BatchItems;
 * processing creates item resources from it, chunk by chunk). Never shown by the API.
 */
export interface PayoutBatchInternal {
  sender_account_id: string;
  item_count: number;
  /** The accepted items as JSON; emptied once the batch is processed (its items are resources then). */
  items_json: string;
  totals: StoredTotals[];
}

export type StoredPayoutBatch = StoredResource<PayoutBatchBody, PayoutBatchInternal>;

/** What an item shows besides its status (the view adds `transaction_status` from the row). */
export interface PayoutItemBody {
  payout_item_id: string;
  transaction_id?: string;
  activity_id?: string;
  payout_item_fee: MoneyV1;
  payout_batch_id: string;
  sender_batch_id?: string;
  payout_item: PayoutItemSpec;
  /** Absent while the item waits in its batch. */
  time_processed?: string;
  errors?: PayoutErrors;
}

export interface PayoutItemInternal {
  index: number;
  sender_account_id: string;
  currency: string;
  amount_minor: string;
  fee_minor: string;
  /** The sandbox account paid, when there is one. */
  receiver_account_id?: string;
  /** The T0001 entry's transaction id (the item's `transaction_id` until it is returned or refunded). */
  payment_transaction_id?: string;
  /** The T1114 (returned) or T1115 (refunded) entry's transaction id. */
  reversal_transaction_id?: string;
}

export type StoredPayoutItem = StoredResource<PayoutItemBody, PayoutItemInternal>;
