import type { BankInput, VaultCardInput, VaultWalletInput } from '../../../../shared/api/vault/schemas.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import { randomString } from '../../../../shared/ids.js';
import { detail, internalError, unprocessable } from '../../pipeline/api-error.js';
import { cardBrand } from '../orders-v2/index.js';
import type { SourceKind, VaultedCard, VaultedSource, VaultedWallet } from './types.js';

/**
 * How a payment method becomes what the vault keeps: a card keeps its brand, last four digits and
 * expiry (never its number or security code), a bank account its last four digits (ACH) or characters
 * (IBAN). Whatever is kept is exactly what the API may show.
 */

/** A card to vault; CARD_EXPIRED (422) when it expires before the current simulated month. */
export function vaultedCard(card: VaultCardInput, nowMs: number, field: string): VaultedCard {
  const now = new Date(nowMs);
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  if (card.expiry < current) {
    throw unprocessable(
      detail('CARD_EXPIRED', { field: `${field}/expiry`, value: card.expiry, location: 'body' }),
    );
  }
  return {
    ...(card.name ? { name: card.name } : {}),
    last_digits: card.number.slice(-4),
    brand: cardBrand(card.number),
    expiry: card.expiry,
    ...addressWithId(card.billing_address),
  };
}

/** Spec 2.7: a vaulted card's billing address comes back with an id of its own. */
export function addressWithId<A extends object>(
  address: A | undefined,
): { billing_address?: A & { id: string } } {
  return address ? { billing_address: { id: newAddressId(), ...address } } : {};
}

/** The id the vault gives a card's billing address (the platform's: 20 lower-case letters and digits). */
const newAddressId = (): string => randomString('abcdefghijklmnopqrstuvwxyz0123456789', 20);

/** A wallet to vault, before the buyer approved it (the platform's defaults filled in). */
export function pendingWallet(wallet: VaultWalletInput): VaultedWallet {
  return {
    ...(wallet.description ? { description: wallet.description } : {}),
    ...(wallet.shipping ? { shipping: wallet.shipping } : {}),
    usage_pattern: wallet.usage_pattern ?? 'IMMEDIATE',
    usage_type: wallet.usage_type ?? 'MERCHANT',
    customer_type: wallet.customer_type ?? 'CONSUMER',
    ...(wallet.permit_multiple_payment_tokens !== undefined
      ? { permit_multiple_payment_tokens: wallet.permit_multiple_payment_tokens }
      : {}),
  };
}

/** The wallet once a sandbox buyer approved it: whose account it is. */
export function approvedWallet(wallet: VaultedWallet, buyer: Account): VaultedWallet {
  return {
    ...wallet,
    email_address: buyer.email,
    account_id: buyer.id,
    name: { given_name: buyer.name.given_name, surname: buyer.name.surname },
    address: { country_code: buyer.country_code },
  };
}

/** A bank account to vault: ACH (verified instantly in the sandbox) or SEPA (mandate authorized). */
export function vaultedBank(bank: BankInput): VaultedSource['bank'] {
  if (bank.ach_debit) {
    const ach = bank.ach_debit;
    return {
      ach_debit: {
        last_digits: ach.account_number.slice(-4),
        routing_number: ach.routing_number,
        account_type: ach.account_type,
        ownership_type: ach.ownership_type ?? 'PERSONAL',
        account_holder_name: ach.account_holder_name,
        ...(ach.billing_address ? { billing_address: ach.billing_address } : {}),
        verification: { svc: { method: 'INSTANT_ACCOUNT_VERIFICATION', status: 'VERIFIED' } },
      },
    };
  }
  const sepa = bank.sepa_debit;
  if (!sepa) throw internalError();
  return {
    sepa_debit: {
      iban_last_chars: sepa.iban.slice(-4),
      account_holder_name: sepa.account_holder_name,
      ...(sepa.billing_address ? { billing_address: sepa.billing_address } : {}),
      authorization_details: { status: 'AUTHORIZED' },
    },
  };
}

/** Which kind a vaulted source is. */
export function sourceKind(source: VaultedSource): SourceKind {
  if (source.card) return 'card';
  if (source.svc) return 'svc';
  return source.bank?.sepa_debit ? 'sepa_debit' : 'ach_debit';
}
