import type { Money } from '../../../../shared/money.js';
import type {
  DisputeLifeCycleStage,
  DisputeReason,
  DisputeState,
} from '../../../../shared/api/disputes/index.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';
import type { DisputableKind } from './ports.js';

export type Party = 'BUYER' | 'SELLER' | 'ARBITER';

/**
 * A document as the dispute keeps it: its name, and the id its bytes are kept under (the view shows
 * that as the document's `url`; documents given before the bytes were kept have none).
 */
export interface DisputeDocument {
  name: string;
  document_id?: string;
}

export interface DisputeMessage {
  posted_by: Party;
  time_posted: string;
  content: string;
  documents?: DisputeDocument[];
}

export interface OfferHistoryEntry {
  offer_time: string;
  actor: 'BUYER' | 'SELLER';
  event_type: 'PROPOSED' | 'ACCEPTED' | 'DENIED';
  offer_type: string;
  offer_amount?: Money;
  notes?: string;
  dispute_life_cycle_stage: DisputeLifeCycleStage;
}

export interface DisputeEvidence {
  evidence_type: string;
  evidence_info?: {
    tracking_info?: { carrier_name: string; tracking_number: string; [member: string]: unknown }[];
    refund_ids?: string[];
  };
  documents?: DisputeDocument[];
  notes?: string;
  item_id?: string;
  source: 'SUBMITTED_BY_SELLER' | 'SUBMITTED_BY_BUYER' | 'SUBMITTED_BY_PARTNER';
  date: string;
  dispute_life_cycle_stage: DisputeLifeCycleStage;
}

export interface SupportingInfo {
  notes?: string;
  documents?: DisputeDocument[];
  source: 'SUBMITTED_BY_SELLER' | 'SUBMITTED_BY_PARTNER';
  provided_time: string;
  dispute_life_cycle_stage: DisputeLifeCycleStage;
}

export interface MoneyMovement {
  affected_party: 'SELLER' | 'BUYER';
  amount: Money;
  initiated_time: string;
  type: 'DEBIT' | 'CREDIT';
  reason: 'DISPUTE_SETTLEMENT';
}

export interface Adjudication {
  type: 'DENY_BUYER' | 'PAYOUT_TO_BUYER' | 'PAYOUT_TO_SELLER' | 'RECOVER_FROM_SELLER';
  adjudication_time: string;
  reason?: string;
  dispute_life_cycle_stage: DisputeLifeCycleStage;
}

/**
 * What the dispute's row keeps of its API form. `status` and `dispute_state` are not stored: the
 * machine's state says them (`DISPUTE_STATE_FACTS`), and the view writes them.
 */
export interface DisputeBody {
  dispute_id: string;
  create_time: string;
  update_time: string;
  disputed_transactions: {
    seller_transaction_id: string;
    create_time: string;
    transaction_status: string;
    gross_amount: Money;
    invoice_number?: string;
    custom?: string;
    seller: { merchant_id: string; email?: string };
  }[];
  reason: DisputeReason;
  dispute_amount: Money;
  dispute_life_cycle_stage: DisputeLifeCycleStage;
  dispute_channel: 'INTERNAL';
  dispute_outcome?: {
    outcome_code: 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR' | 'ACCEPTED' | 'CANCELED_BY_BUYER';
    amount_refunded?: Money;
  };
  adjudications?: Adjudication[];
  money_movements?: MoneyMovement[];
  messages?: DisputeMessage[];
  evidences?: DisputeEvidence[];
  supporting_info?: SupportingInfo[];
  offer?: {
    buyer_requested_amount: Money;
    seller_offered_amount?: Money;
    offer_type?: string;
    history: OfferHistoryEntry[];
  };
  buyer_response_due_date?: string;
  seller_response_due_date?: string;
  communication_details?: { email: string; note?: string; time_posted: string };
}

/** What identifies a document; its bytes are in the documents table (`documents.ts`). */
export interface StoredDocumentMeta {
  /** The id its bytes are kept under (absent on documents given before the bytes were kept). */
  id?: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  /** Where it was given: `evidence`, `message`, `supporting_info`, `accept_claim`, `acknowledgement`. */
  given_with: string;
  at: string;
}

/** Bookkeeping in exact minor units (decimal strings: JSON has no bigint). */
export interface DisputeInternal {
  merchant_id: string;
  /** The disputed transaction's id (named when captures were the only kind; a v1 sale's id too). */
  capture_id: string;
  /** Its kind; absent on disputes written before v1 sales could be disputed (a v2 capture). */
  transaction_kind?: DisputableKind;
  currency: string;
  amount_minor: string;
  /** The ledger transaction of the hold on the seller's balance (and of its release). */
  hold_transaction_id: string;
  /** What the buyer got back through this dispute, and the refunds that paid it. */
  refunded_minor: string;
  refund_ids: string[];
  /** What the platform paid the seller back after an appeal it won. */
  reimbursed_minor: string;
  reimbursement_transaction_id?: string;
  /** The seller's standing offer (minor units), when it offered money. */
  offered_minor?: string;
  /** The accepted offer or claim still owed once the return is acknowledged. */
  agreed_refund_minor?: string;
  /** The due date the clock job runs at, in ms (seller's or buyer's, whichever is pending). */
  due_ms?: number;
  documents: StoredDocumentMeta[];
}

export type StoredDispute = StoredResource<DisputeBody, DisputeInternal> & { status: DisputeState };
