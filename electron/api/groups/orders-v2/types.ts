import type { AddressV2 } from '../../../../shared/api/common.js';
import type { OrderIntent, PurchaseUnitInput } from '../../../../shared/api/orders-v2/schemas.js';
import type { OrderStatus } from '../../../../shared/api/orders-v2/machines.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';
import type { Payee } from '../payments-v2/index.js';

/** A purchase unit as stored: the request's fields with `reference_id` and `payee` always filled in. */
export interface PurchaseUnitBody extends Omit<PurchaseUnitInput, 'payee' | 'payment_instruction'> {
  reference_id: string;
  payee: Payee;
  /** The platform fee with its payee resolved (the partner). */
  payment_instruction?: {
    platform_fees?: { amount: { currency_code: string; value: string }; payee: Payee }[];
    disbursement_mode: 'INSTANT';
  };
}

export interface Payer {
  name?: { given_name?: string; surname?: string };
  email_address?: string;
  payer_id?: string;
  address?: AddressV2;
}

/** The stored payment source: never the full card number, only what the API shows back. */
export interface StoredPaymentSource {
  svc?: {
    email_address?: string;
    account_id?: string;
    name?: { given_name: string; surname: string };
    experience_context?: Record<string, unknown>;
    attributes?: Record<string, unknown>;
  };
  card?: {
    name?: string;
    last_digits: string;
    brand: string;
    type: 'CREDIT' | 'DEBIT';
    expiry: string;
    billing_address?: AddressV2;
    stored_credential?: Record<string, unknown>;
    attributes?: { vault?: StoredVaultAttribute };
  };
}

export interface OrderBody {
  id: string;
  intent: OrderIntent;
  status: OrderStatus;
  payment_source?: StoredPaymentSource;
  purchase_units: PurchaseUnitBody[];
  payer?: Payer;
  application_context?: Record<string, unknown>;
  create_time: string;
  update_time: string;
}

export interface OrderInternal {
  /** `Svc-Partner-Attribution-Id` of the create call (the partner's attribution code). */
  partner_attribution_id?: string;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  /** `store_in_vault: ON_SUCCESS`: save the source once paid, for this customer (or a new one). */
  store_in_vault?: { customer_id?: string };
  /** The payment token the order charges (`vault_id`). */
  vault_id?: string;
}

/** `attributes.vault` of a paid order's source once it was saved (links are added by the view). */
export interface StoredVaultAttribute {
  id: string;
  status: 'VAULTED';
  customer: { id: string };
}

export type StoredOrder = StoredResource<OrderBody, OrderInternal>;
