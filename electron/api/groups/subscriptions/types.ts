import type {
  FundingChoice,
  PaymentFailureReason,
  PlanView,
  SubscriptionTransactionView,
  SubscriptionView,
} from '../../../../shared/api/subscriptions/index.js';
import type { Money } from '../../../../shared/money.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export type StoredPlan = StoredResource<PlanView, { merchant_id: string }>;

/** What a subscription shows (its plan is added by the view when `fields=plan` asks). */
export type SubscriptionBody = Omit<SubscriptionView, 'plan'>;

/** Who pays a subscription and with what: set when the buyer approves. */
export interface SubscriptionPayer {
  account_id: string;
  email: string;
  given_name: string;
  surname: string;
  funding: FundingChoice;
  /** The card's last digits when it pays by card. */
  card_last_digits?: string;
  card_brand?: string;
}

/** A revision waiting for its effective time (the next cycle) and, for a price rise, the buyer. */
export interface PendingRevision {
  plan_id: string;
  quantity: string;
  shipping_amount?: Money;
  needs_approval: boolean;
  approved: boolean;
  requested_time: string;
}

/** The billing engine's bookkeeping of one subscription (never shown by the API). */
export interface SubscriptionInternal {
  merchant_id: string;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  payer?: SubscriptionPayer;
  /** The card the caller gave at create (buyer pays by it once they approve). */
  source_card?: { last_digits: string; brand: string };
  currency: string;
  outstanding_minor: string;
  /** Cycles executed so far over every tenure: a cycle job names the one it runs, so it runs once. */
  cycles_billed: number;
  /** Index (in sequence order) of the billing cycle being executed. */
  tenure_index: number;
  /** When the current tenure began: its cycles are counted from here (no drift over short months). */
  tenure_anchor_ms: number;
  start_ms: number;
  next_billing_ms?: number;
  /** The failed payment being retried. */
  retry?: { cycle: number; attempts: number; amount_minor: string };
  /** Forced failures of the next attempts (the test helper). */
  forced_failures?: { reason: PaymentFailureReason; remaining: number };
  pending_revision?: PendingRevision;
  /**
   * A v1 billing agreement billed by this subscription: its payment token (the approval redirect names
   * it) and the absolute TAX and SHIPPING charge models of each cycle, by sequence, in minor units.
   */
  legacy?: {
    token: string;
    charges: Record<string, { tax_minor: string; shipping_minor: string }>;
    /**
     * The agreement's setup fee (its override's, else its plan's), charged once when the merchant
     * executes the agreement rather than when the subscription starts; absent on agreements made
     * before it was recorded, whose plan fee is still charged at the start.
     */
    setup_fee_minor?: string;
    /** What a failed setup fee does (the agreement's `initial_fail_amount_action`). */
    setup_fee_failure_action?: 'CONTINUE' | 'CANCEL';
  };
}

export type StoredSubscription = StoredResource<SubscriptionBody, SubscriptionInternal>;

export type SalePurpose = 'SETUP_FEE' | 'CYCLE' | 'RETRY' | 'OUTSTANDING_BALANCE';

export type SaleBody = SubscriptionTransactionView;

export interface SaleInternal {
  subscription_id: string;
  merchant_id: string;
  purpose: SalePurpose;
  /** The cycle it paid (cycles_billed after that cycle), for cycle sales and their retries. */
  cycle?: number;
  currency: string;
  gross_minor: string;
  fee_minor: string;
  tax_minor: string;
  plan_name: string;
  payer?: SubscriptionPayer;
  reason_code?: PaymentFailureReason;
}

export type StoredSale = StoredResource<SaleBody, SaleInternal>;
