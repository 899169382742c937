import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { RequestContext } from '../../route.js';
import type { StoredPaymentSource } from './types.js';

/** A vaulted card or wallet as an order takes it: what the vault shows, no number. */
export type VaultedOrderSource = {
  card?: Omit<NonNullable<StoredPaymentSource['card']>, 'type'>;
  svc?: Omit<NonNullable<StoredPaymentSource['svc']>, 'experience_context' | 'attributes'> & {
    description?: string;
    usage_pattern?: string;
    usage_type?: string;
    customer_type?: string;
  };
  bank?: unknown;
};

/**
 * The port through which orders use the vault (the vault group implements it, wired in
 * `electron/api/registry.ts`): `vault_id` charges a payment token, `store_in_vault` saves one once the
 * order is paid (spec 2.4, part 7).
 */
export interface OrderVault {
  /** 403 NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE unless the merchant is onboarded to the vault. */
  requireEnabled(merchant: Account, field: string): void;
  /** The payment token `vaultId` names, of the caller's app and still vaulted; 404 otherwise. */
  tokenFor(
    vaultId: string,
    ctx: RequestContext,
    field: string,
  ): { id: string; customer: { id: string }; payment_source: VaultedOrderSource };
  /** Saves a paid order's card or wallet for a customer (a new one unless `customerId` names one). */
  store(input: {
    ctx: RequestContext;
    orderId: string;
    customerId: string | undefined;
    source: VaultedOrderSource;
  }): { id: string; customer: { id: string } };
}
