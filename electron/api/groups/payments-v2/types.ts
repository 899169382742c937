import type { Money } from '../../../../shared/money.js';
import type {
  AuthorizationStatus,
  CaptureStatus,
  RefundStatus,
} from '../../../../shared/api/payments-v2/machines.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export interface Payee {
  email_address: string;
  merchant_id: string;
}

export const SELLER_PROTECTION = {
  status: 'ELIGIBLE',
  dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
} as const;

export interface AuthorizationBody {
  id: string;
  status: AuthorizationStatus;
  amount: Money;
  invoice_id?: string;
  custom_id?: string;
  seller_protection: typeof SELLER_PROTECTION;
  payee: Payee;
  expiration_time: string;
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
}

/** Bookkeeping of an authorization (minor units as decimal strings: JSON has no bigint). */
export interface AuthorizationInternal {
  reference_id: string;
  original_amount_minor: string;
  amount_minor: string;
  captured_minor: string;
  created_ms: number;
  honor_period_end_ms: number;
  expiration_ms: number;
  platform_fees?: PlatformFee[];
  partner_attribution_id?: string;
}

/** A platform fee as requested on the unit: paid to `payee` (the partner). */
export interface PlatformFee {
  amount: Money;
  payee: Payee;
}

export interface CaptureBody {
  id: string;
  status: CaptureStatus;
  amount: Money;
  final_capture: boolean;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
  soft_descriptor?: string;
  seller_protection: typeof SELLER_PROTECTION;
  seller_receivable_breakdown: {
    gross_amount: Money;
    svc_fee: Money;
    /** What the partner got out of this capture (present only when a fee was taken). */
    platform_fees?: { amount: Money; payee: { merchant_id: string } }[];
    net_amount: Money;
  };
  payee: Payee;
  supplementary_data: { related_ids: { order_id: string; authorization_id?: string } };
  create_time: string;
  update_time: string;
}

export interface CaptureInternal {
  reference_id: string;
  gross_minor: string;
  fee_minor: string;
  percent_fee_minor: string;
  refunded_minor: string;
  /** Platform fees paid to partners: each its own ledger transaction (T0113, seller and partner). */
  platform_fees?: { payee_id: string; amount_minor: string; transaction_id: string }[];
  partner_attribution_id?: string;
}

export interface RefundBody {
  id: string;
  status: RefundStatus;
  amount: Money;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: {
    gross_amount: Money;
    svc_fee: Money;
    net_amount: Money;
    total_refunded_amount: Money;
  };
  payee: Payee;
  supplementary_data: { related_ids: { order_id: string; capture_id: string } };
  create_time: string;
  update_time: string;
}

export interface RefundInternal {
  amount_minor: string;
  fee_refunded_minor: string;
  /** The ledger code when the platform refunded on its own (a dispute); T1107 otherwise. */
  event_code?: string;
}

export type StoredAuthorization = StoredResource<AuthorizationBody, AuthorizationInternal>;
export type StoredCapture = StoredResource<CaptureBody, CaptureInternal>;
export type StoredRefund = StoredResource<RefundBody, RefundInternal>;
