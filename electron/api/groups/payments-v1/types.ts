import type {
  AddressV1,
  AmountV1,
  AuthorizationV1Status,
  CaptureV1Status,
  OrderV1Status,
  PaymentV1Status,
  RefundV1Status,
  SaleV1Status,
  TransactionV1Input,
} from '../../../../shared/api/payments-v1/index.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

/** Money v1 as a fee or a refunded total shows it (`value`, not `total`, as v1 wrote these). */
export interface FeeV1 {
  value: string;
  currency: string;
}

export interface PayeeV1 {
  merchant_id: string;
  email: string;
}

/** A card as a v1 response shows it: the last four digits only, never the security code. */
export interface StoredCardV1 {
  type: string;
  number: string;
  expire_month: number;
  expire_year: number;
  first_name?: string;
  last_name?: string;
  billing_address?: Omit<AddressV1, 'recipient_name'>;
}

export interface PayerInfoBody {
  email?: string;
  first_name?: string;
  last_name?: string;
  payer_id?: string;
  country_code?: string;
  shipping_address?: AddressV1;
}

export interface PayerBody {
  payment_method: 'svc' | 'credit_card';
  status?: 'VERIFIED' | 'UNVERIFIED';
  payer_info?: PayerInfoBody;
  funding_instruments?: { credit_card: StoredCardV1 }[];
}

/** A transaction as stored; `related_resources` are read from the store when it is shown. */
export type TransactionBody = Omit<TransactionV1Input, 'payee'> & { payee: PayeeV1 };

export interface PaymentV1Body {
  id: string;
  intent: 'sale' | 'authorize' | 'order';
  cart: string;
  payer: PayerBody;
  transactions: TransactionBody[];
  note_to_payer?: string;
  experience_profile_id?: string;
  redirect_urls?: { return_url?: string; cancel_url?: string };
  application_context?: Record<string, unknown>;
  failure_reason?: string;
  create_time: string;
  update_time: string;
}

export interface PaymentV1Internal {
  token: string;
  created_ms: number;
  /** The merchant that created it: whose web experience profiles it may name. */
  merchant_id: string;
  /** Who approved it on the buyer page (execute must name this payer). */
  approved_payer_id?: string;
  partner_attribution_id?: string;
}

export interface SaleV1Body {
  id: string;
  amount: AmountV1;
  payment_mode: 'INSTANT_TRANSFER';
  protection_eligibility: 'ELIGIBLE';
  protection_eligibility_type: string;
  transaction_fee: FeeV1;
  invoice_number?: string;
  custom?: string;
  soft_descriptor?: string;
  parent_payment: string;
  create_time: string;
  update_time: string;
}

/** Minor units as decimal strings (JSON has no bigint). */
export interface MoneyInternal {
  transaction_index: number;
  payee: PayeeV1;
  gross_minor: string;
  fee_minor: string;
  percent_fee_minor: string;
  refunded_minor: string;
}

export interface AuthorizationV1Body {
  id: string;
  amount: AmountV1;
  payment_mode: 'INSTANT_TRANSFER';
  reason_code: 'AUTHORIZATION';
  protection_eligibility: 'ELIGIBLE';
  protection_eligibility_type: string;
  parent_payment: string;
  valid_until: string;
  create_time: string;
  update_time: string;
}

export interface AuthorizationV1Internal {
  transaction_index: number;
  payee: PayeeV1;
  order_id?: string;
  original_minor: string;
  amount_minor: string;
  captured_minor: string;
  created_ms: number;
  expiration_ms: number;
  reauthorized: boolean;
}

export interface CaptureV1Body {
  id: string;
  amount: { total: string; currency: string };
  is_final_capture: boolean;
  transaction_fee: FeeV1;
  invoice_number?: string;
  soft_descriptor?: string;
  parent_payment: string;
  create_time: string;
  update_time: string;
}

export interface CaptureV1Internal extends MoneyInternal {
  authorization_id?: string;
  order_id?: string;
}

export interface RefundV1Body {
  id: string;
  amount: { total: string; currency: string };
  sale_id?: string;
  capture_id?: string;
  parent_payment: string;
  description?: string;
  reason?: string;
  invoice_number?: string;
  refund_from_transaction_fee: FeeV1;
  refund_from_received_amount: FeeV1;
  total_refunded_amount: FeeV1;
  create_time: string;
  update_time: string;
}

export interface RefundV1Internal {
  transaction_index: number;
  payee: PayeeV1;
  amount_minor: string;
  fee_refunded_minor: string;
  /** The ledger code of a refund the platform made (T1106 for a dispute decided for the buyer); T1107 when absent. */
  event_code?: string;
}

export interface OrderV1Body {
  id: string;
  amount: AmountV1;
  payment_mode: 'INSTANT_TRANSFER';
  reason_code: 'ORDER';
  protection_eligibility: 'ELIGIBLE';
  parent_payment: string;
  create_time: string;
  update_time: string;
}

export interface OrderV1Internal {
  transaction_index: number;
  payee: PayeeV1;
  amount_minor: string;
}

export type StoredPaymentV1 = StoredResource<PaymentV1Body, PaymentV1Internal> & { status: PaymentV1Status };
export type StoredSaleV1 = StoredResource<SaleV1Body, MoneyInternal> & { status: SaleV1Status };
export type StoredAuthorizationV1 = StoredResource<AuthorizationV1Body, AuthorizationV1Internal> & {
  status: AuthorizationV1Status;
};
export type StoredCaptureV1 = StoredResource<CaptureV1Body, CaptureV1Internal> & { status: CaptureV1Status };
export type StoredRefundV1 = StoredResource<RefundV1Body, RefundV1Internal> & { status: RefundV1Status };
export type StoredOrderV1 = StoredResource<OrderV1Body, OrderV1Internal> & { status: OrderV1Status };

/** Seller protection as v1 showed it on sales and authorizations. */
export const PROTECTION_TYPE = 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE';
