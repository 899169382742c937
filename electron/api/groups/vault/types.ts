import type { AddressV2 } from '../../../../shared/api/common.js';
import type { PaymentTokenStatus, SetupTokenStatus } from '../../../../shared/api/vault/machines.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

export const SETUP_TOKEN_KIND = 'setup-token';
export const PAYMENT_TOKEN_KIND = 'payment-token';

/** A vaulted card as the API shows it: never the number, only what identifies it to the buyer. */
export interface VaultedCard {
  name?: string;
  last_digits: string;
  brand: string;
  expiry: string;
  /** With the id the vault gave it (spec 2.7). */
  billing_address?: AddressV2 & { id: string };
}

/** A vaulted wallet (key `svc`, spec 2.7). */
export interface VaultedWallet {
  description?: string;
  email_address?: string;
  account_id?: string;
  name?: { given_name: string; surname: string };
  address?: { country_code: string };
  shipping?: { name?: { full_name: string }; address?: AddressV2 };
  usage_pattern: string;
  usage_type: string;
  customer_type: string;
  permit_multiple_payment_tokens?: boolean;
}

export interface VaultedAchDebit {
  last_digits: string;
  routing_number: string;
  account_type: string;
  ownership_type: string;
  account_holder_name: string;
  billing_address?: AddressV2;
  verification: { svc: { method: 'INSTANT_ACCOUNT_VERIFICATION'; status: 'VERIFIED' } };
}

export interface VaultedSepaDebit {
  iban_last_chars: string;
  account_holder_name: string;
  billing_address?: AddressV2;
  authorization_details: { status: 'AUTHORIZED' };
}

/** One kind of vaulted source (spec 2.7: a token holds exactly one). */
export interface VaultedSource {
  card?: VaultedCard;
  svc?: VaultedWallet;
  bank?: { ach_debit?: VaultedAchDebit; sepa_debit?: VaultedSepaDebit };
}

/** What a payment token is, for lists and the workbench: `card`, `svc`, `ach_debit`, `sepa_debit`. */
export type SourceKind = 'card' | 'svc' | 'ach_debit' | 'sepa_debit';

export interface Customer {
  id: string;
  merchant_customer_id?: string;
}

export interface SetupTokenBody {
  id: string;
  customer: Customer;
  status: SetupTokenStatus;
  payment_source: VaultedSource;
}

export interface SetupTokenInternal {
  merchant_id: string;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  /** The payment token it was exchanged for. */
  payment_token_id?: string;
}

export interface PaymentTokenBody {
  id: string;
  customer: Customer;
  payment_source: VaultedSource;
}

export interface PaymentTokenInternal {
  merchant_id: string;
  source_kind: SourceKind;
  /** Where it came from: a setup token, an order (store_in_vault), or a direct create. */
  setup_token_id?: string;
  order_id?: string;
  /** When the SEPA mandate was accepted (the mandate page shows it). */
  mandate_time?: string;
  status_note?: string;
}

export type StoredSetupToken = StoredResource<SetupTokenBody, SetupTokenInternal> & {
  status: SetupTokenStatus;
};
export type StoredPaymentToken = StoredResource<PaymentTokenBody, PaymentTokenInternal> & {
  status: PaymentTokenStatus;
};
