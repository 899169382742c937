import { DISPUTE_REASONS, DISPUTE_STATE_FACTS, type DisputeState } from '../../../../shared/api/disputes';

/** A dispute as the API shows it: the parts the pages read. */
/** A document as the API shows it: its name and the url that downloads it (with the API's token). */
export interface DisputeDocument {
  name: string;
  url?: string;
}

export interface DisputeView {
  dispute_id: string;
  create_time: string;
  update_time: string;
  reason: string;
  status: string;
  dispute_state: string;
  dispute_life_cycle_stage: string;
  dispute_amount: { currency_code: string; value: string };
  seller_response_due_date?: string;
  buyer_response_due_date?: string;
  disputed_transactions?: {
    seller_transaction_id: string;
    gross_amount?: { currency_code: string; value: string };
  }[];
  dispute_outcome?: { outcome_code: string; amount_refunded?: { currency_code: string; value: string } };
  messages?: { posted_by: string; time_posted: string; content: string; documents?: DisputeDocument[] }[];
  evidences?: {
    evidence_type: string;
    notes?: string;
    source: string;
    date: string;
    dispute_life_cycle_stage: string;
    documents?: DisputeDocument[];
  }[];
  supporting_info?: { notes?: string; provided_time: string; documents?: DisputeDocument[] }[];
  offer?: {
    buyer_requested_amount?: { currency_code: string; value: string };
    seller_offered_amount?: { currency_code: string; value: string };
    offer_type?: string;
    history: {
      offer_time: string;
      actor: string;
      event_type: string;
      offer_type: string;
      offer_amount?: { currency_code: string; value: string };
      notes?: string;
    }[];
  };
  allowed_response_options?: {
    make_offer?: { offer_types: string[] };
    accept_claim?: { accept_claim_types: string[] };
    acknowledge_return_item?: { acknowledgement_types: string[] };
  };
  money_movements?: {
    affected_party: string;
    type: string;
    amount: { currency_code: string; value: string };
    initiated_time: string;
  }[];
}

export const DISPUTE_KIND = 'dispute';
export { DISPUTE_REASONS };

/** The due date that is running now (the seller's or the buyer's). */
export const dueDateOf = (
  d: Pick<DisputeView, 'seller_response_due_date' | 'buyer_response_due_date'>,
): string | undefined => d.seller_response_due_date ?? d.buyer_response_due_date;

/** Time left until `due` on the simulated clock, as people say it ("3 d 4 h", "overdue"). */
export function timeLeft(due: string | undefined, now: number | undefined): string {
  if (!due || now === undefined) return '—';
  const ms = Date.parse(due) - now;
  if (ms <= 0) return 'due now';
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** The queue's order: the earliest due date first, disputes with none (under review) last. */
export function byDueDate<
  T extends Pick<DisputeView, 'seller_response_due_date' | 'buyer_response_due_date' | 'create_time'>,
>(disputes: readonly T[]): T[] {
  const key = (d: T) => Date.parse(dueDateOf(d) ?? '9999-12-31T00:00:00Z');
  return [...disputes].sort((a, b) => key(a) - key(b) || a.create_time.localeCompare(b.create_time));
}

/** Who must act in a machine state, for the page's wording. */
export const waitingFor = (state: string): string =>
  (({ SELLER: 'the seller', BUYER: 'the buyer', PLATFORM: 'the platform' }) as const)[
    DISPUTE_STATE_FACTS[state as DisputeState]?.waitingFor ?? 'PLATFORM'
  ] ?? 'nobody';
