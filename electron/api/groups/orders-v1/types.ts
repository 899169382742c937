import type {
  AddressV1,
  MoneyV1,
  OrderV1CreateRequest,
  PurchaseUnitV1Input,
} from '../../../../shared/api/orders-v1/schemas.js';
import type { OrderV1Status } from '../../../../shared/api/orders-v1/machines.js';
import { randomString } from '../../../../shared/ids.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export const ORDER_V1_KIND = 'order-v1';
export const ORDER_V1_PAYMENT_KIND = 'order-v1-payment';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const newOrderV1Id = (): string => 'O-' + randomString(UPPER_ALNUM, 17);
export const newTransactionId = (): string => randomString(UPPER_ALNUM, 17);

/** `payer_info` of the pay response (spec 2.3). */
export interface PayerInfoV1 {
  email?: string;
  first_name?: string;
  last_name?: string;
  payer_id?: string;
  phone?: string;
  country_code?: string;
  shipping_address?: AddressV1;
}

/** A purchase unit as stored: the request's fields, `reference_id` and `payee` always filled in. */
export interface PurchaseUnitV1Body extends Omit<PurchaseUnitV1Input, 'payee'> {
  reference_id: string;
  payee: { email: string };
}

export interface OrderV1Body {
  id: string;
  intent: 'SALE' | 'AUTHORIZE';
  purchase_units: PurchaseUnitV1Body[];
  payment_details?: OrderV1CreateRequest['payment_details'];
  metadata?: OrderV1CreateRequest['metadata'];
  application_context?: OrderV1CreateRequest['application_context'];
  redirect_urls?: OrderV1CreateRequest['redirect_urls'];
  gross_total_amount: MoneyV1;
  status: OrderV1Status;
  create_time: string;
  update_time: string;
}

/** How one purchase unit was paid: its transaction, the money in minor units, and its disbursement. */
export interface UnitPaymentV1 {
  reference_id: string;
  transaction_id: string;
  /** The payee's and the partner-fee receiver's account ids. */
  payee_id: string;
  receiver_id?: string;
  gross_minor: string;
  fee_minor: string;
  partner_fee_minor: string;
  /** DELAYED: the funds wait for a disbursement; the time they were disbursed, once they were. */
  held: boolean;
  disbursed_at?: string;
}

export interface OrderV1Internal {
  merchant_id: string;
  /** Account ids of each unit's payee and partner-fee receiver, resolved at create. */
  payees: { payee_id: string; receiver_id?: string }[];
  partner_attribution_id?: string;
  /** Set when a buyer approves on the approval page (or the test helper). */
  payer?: PayerInfoV1;
  /** Set by pay. */
  disbursement_mode?: 'INSTANT' | 'DELAYED';
  instrument?: 'CREDITCARD' | null;
  payments?: UnitPaymentV1[];
}

export type StoredOrderV1 = StoredResource<OrderV1Body, OrderV1Internal>;

/** The pay response (spec 2.3), stored as the order's payment so a repeated Svc-Request-Id answers it. */
export interface OrderV1PaymentBody {
  order_id: string;
  status: 'APPROVED';
  payer_info: PayerInfoV1;
  create_time: string;
  update_time: string;
}

export type StoredOrderV1Payment = StoredResource<OrderV1PaymentBody, { disbursement_mode: string }>;
