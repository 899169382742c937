import type { PaymentSourceInput } from '../../../../shared/api/orders-v2/schemas.js';
import {
  type ApiError,
  detail,
  internalError,
  invalidRequest,
  unprocessable,
} from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { cardBrand, checkCardExpiry } from './order-rules.js';
import type { OrderInternal, StoredPaymentSource } from './types.js';
import type { OrderVault } from './vault-port.js';

/** What an order keeps of the payment source it was given, and what the vault has to do for it. */
export interface ResolvedSource {
  stored: StoredPaymentSource;
  /** The order needs no buyer action: a card, or a vaulted wallet. */
  approved: boolean;
  /** The payer a vaulted wallet names. */
  payer?: { name?: { given_name: string; surname: string }; email_address?: string; payer_id?: string };
  vault: Pick<OrderInternal, 'store_in_vault' | 'vault_id'>;
}

type Card = NonNullable<PaymentSourceInput['card']>;

/** What stays of a card: brand, last digits, expiry, name; the number itself is never stored. */
function storedCard(
  card: Card & { number: string; expiry: string },
): NonNullable<StoredPaymentSource['card']> {
  return {
    ...(card.name ? { name: card.name } : {}),
    last_digits: card.number.slice(-4),
    brand: cardBrand(card.number),
    type: 'CREDIT',
    expiry: card.expiry,
    ...(card.billing_address ? { billing_address: card.billing_address } : {}),
    ...(card.stored_credential ? { stored_credential: card.stored_credential } : {}),
  };
}

/** A customer a token is saved for must be one the vault can list (`customer_id` 7..36, spec 4.7). */
function checkVaultCustomer(id: string | undefined, field: string): void {
  if (id === undefined || id.length >= 7) return;
  throw invalidRequest(
    detail('INVALID_STRING_LENGTH', {
      field,
      value: id,
      location: 'body',
      description: 'A customer the payment source is vaulted for has an id of 7 to 36 characters.',
    }),
  );
}

const mismatch = (field: string, vaultId: string, kind: string): ApiError =>
  unprocessable(
    detail('MISMATCHED_VAULT_ID_TO_PAYMENT_SOURCE', {
      field,
      value: vaultId,
      location: 'body',
      description: `The payment token ${vaultId} is not a vaulted ${kind}.`,
    }),
  );

/**
 * A request's payment source as the order keeps it (spec 2.4, part 7): a card (expiry checked), a
 * vaulted card or wallet (`vault_id`: 404 when the token is absent or deleted, 403 when the merchant
 * is not onboarded to the vault), or a wallet the buyer must approve; `store_in_vault` is remembered
 * for when the order is paid.
 */
export function resolvePaymentSource(
  source: PaymentSourceInput,
  ctx: RequestContext,
  vault: OrderVault,
  nowMs: number,
): ResolvedSource {
  const { card, svc } = source;
  if (card?.vault_id !== undefined) {
    const field = '/payment_source/card/vault_id';
    vault.requireEnabled(ctx.merchant, field);
    const token = vault.tokenFor(card.vault_id, ctx, field);
    const vaulted = token.payment_source.card;
    if (!vaulted) throw mismatch(field, card.vault_id, 'card');
    checkCardExpiry({ card: { expiry: vaulted.expiry } }, nowMs);
    return {
      stored: { card: { ...vaulted, type: 'CREDIT' } },
      approved: true,
      vault: { vault_id: token.id },
    };
  }
  if (card) {
    checkCardExpiry(source, nowMs);
    const { number, expiry } = card;
    if (number === undefined || expiry === undefined) throw internalError();
    const store = card.attributes?.vault?.store_in_vault === 'ON_SUCCESS';
    if (store) vault.requireEnabled(ctx.merchant, '/payment_source/card/attributes/vault/store_in_vault');
    const customerId = card.attributes?.customer?.id;
    if (store) checkVaultCustomer(customerId, '/payment_source/card/attributes/customer/id');
    return {
      stored: { card: storedCard({ ...card, number, expiry }) },
      approved: true,
      vault: store ? { store_in_vault: customerId ? { customer_id: customerId } : {} } : {},
    };
  }
  if (svc?.vault_id !== undefined) {
    const field = '/payment_source/svc/vault_id';
    vault.requireEnabled(ctx.merchant, field);
    const token = vault.tokenFor(svc.vault_id, ctx, field);
    const wallet = token.payment_source.svc;
    if (!wallet) throw mismatch(field, svc.vault_id, 'wallet');
    const { vault_id: _vaultId, ...rest } = svc;
    return {
      stored: {
        svc: {
          ...rest,
          ...(wallet.email_address ? { email_address: wallet.email_address } : {}),
          ...(wallet.account_id ? { account_id: wallet.account_id } : {}),
          ...(wallet.name ? { name: wallet.name } : {}),
        },
      },
      approved: true,
      payer: {
        ...(wallet.name ? { name: wallet.name } : {}),
        ...(wallet.email_address ? { email_address: wallet.email_address } : {}),
        ...(wallet.account_id ? { payer_id: wallet.account_id } : {}),
      },
      vault: { vault_id: token.id },
    };
  }
  const wallet = svc ?? {};
  // A wallet asks to be vaulted either way: `store_in_vault: ON_SUCCESS`, or the wallet-vault form
  // `confirm_payment_token: ON_ORDER_COMPLETION` (the token is confirmed when the order completes).
  const walletVault = wallet.attributes?.vault;
  const vaultField =
    walletVault?.store_in_vault === 'ON_SUCCESS'
      ? '/payment_source/svc/attributes/vault/store_in_vault'
      : walletVault?.confirm_payment_token === 'ON_ORDER_COMPLETION'
        ? '/payment_source/svc/attributes/vault/confirm_payment_token'
        : undefined;
  const store = vaultField !== undefined;
  if (vaultField) vault.requireEnabled(ctx.merchant, vaultField);
  const customerId = wallet.attributes?.customer?.id;
  if (store) checkVaultCustomer(customerId, '/payment_source/svc/attributes/customer/id');
  return {
    stored: { svc: { ...wallet } },
    approved: false,
    vault: store ? { store_in_vault: customerId ? { customer_id: customerId } : {} } : {},
  };
}
