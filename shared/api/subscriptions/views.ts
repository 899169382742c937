import type { Money } from '../../money.js';
import type { IntervalUnit, PaymentFailureReason, TenureType } from './schemas.js';
import type { PlanStatus, SubscriptionSaleStatus, SubscriptionStatus } from './machines.js';

/** How the API shows plans, subscriptions and their transactions (links are added by the host). */

export interface PricingSchemeView {
  version: number;
  fixed_price?: Money;
  status: 'ACTIVE';
  create_time: string;
  update_time: string;
}

export interface BillingCycleView {
  frequency: { interval_unit: IntervalUnit; interval_count: number };
  tenure_type: TenureType;
  sequence: number;
  /** 0: infinite. */
  total_cycles: number;
  pricing_scheme?: PricingSchemeView;
}

export interface PaymentPreferencesView {
  auto_bill_outstanding: boolean;
  setup_fee?: Money;
  setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
  payment_failure_threshold: number;
}

export interface TaxesView {
  percentage: string;
  inclusive: boolean;
}

export interface PlanView {
  id: string;
  product_id: string;
  name: string;
  status: PlanStatus;
  description?: string;
  usage_type: 'LICENSED';
  billing_cycles: BillingCycleView[];
  payment_preferences: PaymentPreferencesView;
  taxes?: TaxesView;
  quantity_supported: boolean;
  create_time: string;
  update_time: string;
}

export interface CycleExecutionView {
  tenure_type: TenureType;
  sequence: number;
  cycles_completed: number;
  /** Absent for an infinite regular cycle. */
  cycles_remaining?: number;
  current_pricing_scheme_version?: number;
  total_cycles: number;
}

export interface LastFailedPaymentView {
  amount: Money;
  time: string;
  reason_code: PaymentFailureReason;
  next_payment_retry_time?: string;
}

export interface BillingInfoView {
  outstanding_balance: Money;
  cycle_executions: CycleExecutionView[];
  last_payment?: { amount: Money; time: string };
  next_billing_time?: string;
  final_payment_time?: string;
  failed_payments_count: number;
  /** Only with `fields=last_failed_payment`. */
  last_failed_payment?: LastFailedPaymentView;
}

export interface SubscriptionView {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  start_time: string;
  quantity: string;
  shipping_amount?: Money;
  subscriber?: Record<string, unknown>;
  billing_info?: BillingInfoView;
  custom_id?: string;
  plan_overridden: boolean;
  create_time: string;
  update_time: string;
  /** Only with `fields=plan`. */
  plan?: PlanView;
}

/** One payment of a subscription, as its transactions list shows it. */
export interface SubscriptionTransactionView {
  id: string;
  status: SubscriptionSaleStatus;
  amount_with_breakdown: {
    gross_amount: Money;
    fee_amount?: Money;
    net_amount?: Money;
    tax_amount?: Money;
    shipping_amount?: Money;
  };
  payer_name?: { given_name?: string; surname?: string };
  payer_email?: string;
  time: string;
}
