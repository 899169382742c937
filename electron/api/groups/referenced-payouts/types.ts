import type {
  PayoutDirective,
  ProcessingReason,
  ReferenceType,
} from '../../../../shared/api/referenced-payouts/index.js';
import type { Money } from '../../../../shared/money.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export const ITEM_KIND = 'referenced-payout-item';
export const BATCH_KIND = 'referenced-payout-batch';

/**
 * What the API shows of an item, in the platform's member order; `processing_state` is added by the
 * view from the row's status (and the reason of a FAILED item).
 */
export interface ReferencedPayoutItemBody {
  item_id: string;
  reference_id: string;
  reference_type: ReferenceType;
  payout_amount: Money;
  /** The account (or the directive's instrument) that receives the payout. */
  payout_destination?: string;
  /** The payout's own transaction, once it succeeded. */
  payout_transaction_id?: string;
  /** The referenced transaction (TRANSACTION_ID references). */
  disbursement_transaction_id?: string;
  external_merchant_id?: string;
  external_reference_id?: string;
  invoice_id?: string;
  custom?: string;
  payee_email?: string;
}

/** Bookkeeping of an item (minor units as decimal strings: JSON has no bigint). */
export interface ReferencedPayoutItemInternal {
  amount_minor: string;
  /** The merchant the payout is debited from (the caller's, or the one it acts for). */
  sender_account_id: string;
  /** Who receives it: the capture's payee, or the account `payee_email` names (null: not a sandbox account). */
  payee_account_id: string | null;
  payee_email: string | null;
  partner_attribution_id: string | null;
  /** Processed within the create call (true) or on the scheduler. */
  synchronous: boolean;
  failure_reason?: ProcessingReason;
  processed_ms?: number;
}

export interface ReferencedPayoutBatchBody {
  payout_directive?: PayoutDirective;
}

export interface ReferencedPayoutBatchInternal {
  item_count: number;
  /** Sum of the items' amounts when they share one currency (the workbench's summary). */
  total?: Money;
  sender_account_id: string;
  partner_attribution_id: string | null;
  synchronous: boolean;
}

export type StoredReferencedPayoutItem = StoredResource<
  ReferencedPayoutItemBody,
  ReferencedPayoutItemInternal
>;
export type StoredReferencedPayoutBatch = StoredResource<
  ReferencedPayoutBatchBody,
  ReferencedPayoutBatchInternal
>;
