import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export interface MoneyV1 {
  currency: string;
  value: string;
}

export interface ChargeModelBody {
  id: string;
  type: 'TAX' | 'SHIPPING';
  amount: MoneyV1;
}

export interface PaymentDefinitionBody {
  id: string;
  name: string;
  type: 'TRIAL' | 'REGULAR';
  frequency: string;
  frequency_interval: string;
  amount: MoneyV1;
  cycles: string;
  charge_models: ChargeModelBody[];
}

export interface MerchantPreferencesBody {
  id: string;
  setup_fee: MoneyV1;
  max_fail_attempts: string;
  return_url?: string;
  cancel_url?: string;
  auto_bill_amount: 'YES' | 'NO';
  initial_fail_amount_action: 'CONTINUE' | 'CANCEL';
}

/** A v1 plan as the API shows it (its `state` from the row). */
export interface LegacyPlanBody {
  id: string;
  name: string;
  description: string;
  type: 'FIXED' | 'INFINITE';
  state: string;
  payment_definitions: PaymentDefinitionBody[];
  merchant_preferences: MerchantPreferencesBody;
  create_time: string;
  update_time: string;
}

/** The subscription plan that bills its agreements (made when it is first activated). */
export type StoredLegacyPlan = StoredResource<
  LegacyPlanBody,
  { merchant_id: string; billing_plan_id?: string; product_id?: string }
>;

export interface AgreementBody {
  id: string;
  state: string;
  name: string;
  description: string;
  start_date: string;
  payer: Record<string, unknown>;
  plan: Record<string, unknown>;
  shipping_address?: Record<string, unknown>;
  override_merchant_preferences?: Record<string, unknown>;
}

/** An agreement and the subscription that bills it (same id), and its payment token. */
export type StoredAgreement = StoredResource<
  AgreementBody,
  { token: string; plan_id: string; merchant_id: string }
>;
