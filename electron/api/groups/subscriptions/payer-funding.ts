import type { PaymentFailureReason } from '../../../../shared/api/subscriptions/index.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { GroupDeps } from '../../group-deps.js';
import type { StoredSubscription } from './types.js';

export type PaymentOutcome = { ok: true } | { ok: false; reason: PaymentFailureReason };

/**
 * Takes one payment of a subscription from its buyer, the way the sandbox world holds money: a wallet
 * payment is a line on the buyer's ledger account and fails (PAYER_CANNOT_PAY) when it is too
 * low; a card payment fails (PAYMENT_DENIED) when the buyer's cards are set to decline. Forced failures
 * (the test helper) come first. Call inside the transaction of the attempt.
 */
export function takePayment(
  deps: Pick<GroupDeps, 'store' | 'ledger'>,
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
  const account = deps.store.accounts.byId(payer.account_id);
  if (!account) return { ok: false, reason: 'PAYER_ACCOUNT_RESTRICTED' };
  if (payer.funding === 'CARD')
    return cardDeclines(account) ? { ok: false, reason: 'PAYMENT_DENIED' } : { ok: true };
  // The wallet is the account's ledger balance: a drain on the Accounts page makes this payment fail.
  const paid = deps.ledger.wallets.debit(account.id, internal.currency, amountMinor, {
    eventCode: 'T0002',
    subject: `Payment of subscription ${subscription.id}`,
  });
  return paid ? { ok: true } : { ok: false, reason: 'PAYER_CANNOT_PAY' };
}

/** Puts a refunded wallet payment back into the buyer's wallet (a card refund leaves the sandbox). */
export function creditWallet(
  deps: Pick<GroupDeps, 'ledger'>,
  accountId: string,
  currency: string,
  amountMinor: bigint,
  subject: string,
): void {
  deps.ledger.wallets.credit(accountId, currency, amountMinor, { eventCode: 'T1107', subject });
}

export const cardDeclines = (account: Account): boolean =>
  account.cards.some((card) => card.declines === true);
