import {
  checkAmountV1,
  type CreditCardV1Input,
  type PaymentV1CreateRequest,
  type TransactionV1Input,
} from '../../../../shared/api/payments-v1/index.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import { bodyDetail as at, invalidRequest, unprocessable } from '../../pipeline/api-error.js';
import type { StoredCardV1, TransactionBody } from './types.js';

/**
 * The rules of a v1 payment beyond its schema (spec 2.6): what each payment method needs, card expiry,
 * the money arithmetic of every transaction, and the payees. Each failure names its JSON pointer; all
 * problems of one kind are reported at once.
 */

/** 400: what the payment method requires (a wallet payment returns to the merchant; a card is given). */
export function checkPaymentMethod(request: PaymentV1CreateRequest, now: number): void {
  const problems: ErrorDetail[] = [];
  if (request.payer.payment_method === 'svc') {
    if (!request.redirect_urls?.return_url)
      problems.push(at('/redirect_urls/return_url', 'REDIRECT_URLS_REQUIRED'));
    if (!request.redirect_urls?.cancel_url)
      problems.push(at('/redirect_urls/cancel_url', 'REDIRECT_URLS_REQUIRED'));
  } else if (!request.payer.funding_instruments?.[0]?.credit_card) {
    problems.push(at('/payer/funding_instruments', 'FUNDING_INSTRUMENT_REQUIRED'));
  }
  if (problems.length > 0) throw invalidRequest(...problems);
  const card = request.payer.funding_instruments?.[0]?.credit_card;
  if (request.payer.payment_method !== 'credit_card' || !card) return;
  if (request.intent === 'order') {
    throw unprocessable(at('/intent', 'CREDIT_CARD_INTENT_NOT_SUPPORTED', undefined, 'order'));
  }
  const today = new Date(now);
  const expired =
    card.expire_year < today.getUTCFullYear() ||
    (card.expire_year === today.getUTCFullYear() && card.expire_month < today.getUTCMonth() + 1);
  if (expired) {
    throw unprocessable(
      at(
        '/payer/funding_instruments/0/credit_card/expire_year',
        'CARD_EXPIRED',
        undefined,
        `${card.expire_month}/${card.expire_year}`,
      ),
    );
  }
}

/** 422: every transaction's amount adds up (see shared amount-rules). */
export function checkTransactions(transactions: readonly TransactionV1Input[]): void {
  const problems = transactions.flatMap(
    (transaction, index) =>
      checkAmountV1(transaction.amount, transaction.item_list?.items, `/transactions/${index}`).problems,
  );
  if (problems.length > 0) {
    throw unprocessable(...problems.map((p) => at(p.field, p.issue, p.description)));
  }
}

/** Each transaction's payee: the one it names (a business account), else the calling merchant. */
export function withPayees(
  transactions: readonly TransactionV1Input[],
  merchant: Account,
  store: Store,
): TransactionBody[] {
  const problems: ErrorDetail[] = [];
  const result = transactions.map((transaction, index) => {
    const named = transaction.payee?.email ?? transaction.payee?.merchant_id;
    let payee = merchant;
    if (named !== undefined) {
      const account = transaction.payee?.email ? store.accounts.byEmail(named) : store.accounts.byId(named);
      if (!account || account.type !== 'BUSINESS') {
        problems.push(
          at(
            `/transactions/${index}/payee/${transaction.payee?.email ? 'email' : 'merchant_id'}`,
            'PAYEE_ACCOUNT_INVALID',
            undefined,
            named,
          ),
        );
      } else payee = account;
    }
    return { ...transaction, payee: { merchant_id: payee.id, email: payee.email } };
  });
  if (problems.length > 0) throw unprocessable(...problems);
  return result;
}

/** What a response shows of a card: v1's masked number (last four digits only), never the CVV. */
export function storedCard(card: CreditCardV1Input): StoredCardV1 {
  return {
    type: card.type,
    number: 'x'.repeat(card.number.length - 4) + card.number.slice(-4),
    expire_month: card.expire_month,
    expire_year: card.expire_year,
    ...(card.first_name ? { first_name: card.first_name } : {}),
    ...(card.last_name ? { last_name: card.last_name } : {}),
    ...(card.billing_address ? { billing_address: card.billing_address } : {}),
  };
}
