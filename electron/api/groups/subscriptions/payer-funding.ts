import type { PaymentFailureReason } from '../../../../shared/api/subscriptions/index.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import type { StoredSubscription } from './types.js';

export type PaymentOutcome = { ok: true } | { ok: false; reason: PaymentFailureReason };

/**
 * Takes one payment of a subscription from its buyer, the way the sandbox world holds money: a wallet
 * payment lowers the buyer's wallet balance of that currency and fails (PAYER_CANNOT_PAY) when it is too
 * low; a card payment fails (PAYMENT_DENIED) when the buyer's cards are set to decline. Forced failures
 * (the test helper) come first. Call inside the transaction of the attempt.
 */
export function takePayment(
  store: Store,
  subscription: StoredSubscription,
  amountMinor: bigint,
): PaymentOutcome {
  const internal = subscription.internal;
  const forced = internal.forced_failures;
  if (forced && forced.remaining > 0) {
    forced.remaining -= 1;
    const reason = forced.reason;
    if (forced.remaining === 0) delete internal.forced_failures;
    return { ok: false, reason };
  }
  const payer = internal.payer;
  if (!payer) return { ok: false, reason: 'PAYER_CANNOT_PAY' };
  const account = store.accounts.byId(payer.account_id);
  if (!account) return { ok: false, reason: 'PAYER_ACCOUNT_RESTRICTED' };
  if (payer.funding === 'CARD')
    return cardDeclines(account) ? { ok: false, reason: 'PAYMENT_DENIED' } : { ok: true };
  return debitWallet(store, account, internal.currency, amountMinor)
    ? { ok: true }
    : { ok: false, reason: 'PAYER_CANNOT_PAY' };
}

/** Puts a refunded wallet payment back into the buyer's wallet (a card refund leaves the sandbox). */
export function creditWallet(store: Store, accountId: string, currency: string, amountMinor: bigint): void {
  const account = store.accounts.byId(accountId);
  if (!account) return;
  const balance = account.balances.find((b) => b.currency_code === currency);
  const current = balance ? toMinor(balance.value, currency) : 0n;
  const value = fromMinor(current + amountMinor, currency);
  if (balance) balance.value = value;
  else account.balances.push({ currency_code: currency, value });
  store.accounts.upsert(account);
}

export const cardDeclines = (account: Account): boolean =>
  account.cards.some((card) => card.declines === true);

function debitWallet(store: Store, account: Account, currency: string, amountMinor: bigint): boolean {
  const balance = account.balances.find((b) => b.currency_code === currency);
  if (!balance) return false;
  const current = toMinor(balance.value, currency);
  if (current < amountMinor) return false;
  balance.value = fromMinor(current - amountMinor, currency);
  store.accounts.upsert(account);
  return true;
}
