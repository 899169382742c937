import { PAYOUTS_ENDPOINTS as E } from '../../../../shared/api/payouts/endpoints.js';
import { MoneyError, fromMinor, isSupportedCurrency, toMinor } from '../../../../shared/money.js';
import type { GroupDeps } from '../../group-deps.js';
import { detail, invalidRequest } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { newTransactionId } from './ids.js';

/**
 * `POST /v1/test-helpers/payouts/fund`: a bank deposit (T0300) into the merchant's balance, so payouts
 * have something to pay from (the seeded merchant starts at 0.00). Answers the deposit and the new
 * balance of its currency.
 */
export function payoutTestHelpers(deps: GroupDeps): AnyRoute[] {
  return [
    defineRoute(E.fund, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, ctx }) => {
        const { currency, value } = body.amount;
        if (!isSupportedCurrency(currency))
          throw invalidRequest(
            detail('CURRENCY_NOT_SUPPORTED', {
              field: '/amount/currency',
              value: currency,
              location: 'body',
            }),
          );
        let minor: bigint;
        try {
          minor = toMinor(value, currency);
        } catch (error) {
          if (!(error instanceof MoneyError)) throw error;
          throw invalidRequest(
            detail(error.issue, {
              field: '/amount/value',
              value,
              location: 'body',
              description: error.message,
            }),
          );
        }
        if (minor <= 0n)
          throw invalidRequest(
            detail('AMOUNT_NOT_POSITIVE', { field: '/amount/value', value, location: 'body' }),
          );
        const now = deps.clock.now();
        const transactionId = newTransactionId();
        deps.ledger.writer.record([
          {
            accountId: ctx.merchant.id,
            transactionId,
            eventCode: 'T0300',
            status: 'S',
            initiatedMs: now,
            currency,
            amountMinor: minor,
            feeMinor: 0n,
            source: 'sandbox',
            details: { subject: 'Sandbox funding for payouts' },
          },
        ]);
        const balance = deps.ledger.reads.balance(ctx.merchant.id, currency, now);
        return {
          status: 201,
          body: {
            account_id: ctx.merchant.id,
            transaction_id: transactionId,
            amount: { currency, value: fromMinor(minor, currency) },
            balance: { currency, value: fromMinor(balance, currency) },
          },
        };
      },
    }),
  ];
}
