import { SUBSCRIPTIONS_ENDPOINTS as E } from '../../../../shared/api/subscriptions/endpoints.js';
import {
  subscriptionMachine,
  subscriptionSaleMachine,
} from '../../../../shared/api/subscriptions/machines.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import type { GroupDeps } from '../../group-deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { refuseUnless, transition } from '../../transition.js';
import { creditWallet } from './payer-funding.js';
import type { SubscriptionsService } from './subscription-service.js';
import type { StoredSale } from './types.js';

export const DEFAULT_BUYER = 'buyer@example.com';

/** The billing sandbox helpers: approve as a buyer, jump to the next billing, force failures, fund, refund. */
export function subscriptionTestHelpers(deps: GroupDeps, subscriptions: SubscriptionsService): AnyRoute[] {
  return [
    defineRoute(E.approveAsBuyer, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body, ctx }) => {
        const subscription = subscriptions.get(params.id, ctx);
        subscriptions.approve(subscription, body?.buyer_email ?? DEFAULT_BUYER, body?.funding ?? 'WALLET');
        return { status: 200, body: subscriptions.show(subscription.id, 'last_failed_payment', ctx) };
      },
    }),
    defineRoute(E.advanceToNextBilling, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => {
        const subscription = subscriptions.get(params.id, ctx);
        const due =
          subscription.status === 'ACTIVE'
            ? subscription.internal.next_billing_ms
            : subscription.status === 'APPROVED'
              ? subscription.internal.start_ms
              : undefined;
        if (due === undefined) {
          throw unprocessable(
            detail('SUBSCRIPTION_STATUS_INVALID', {
              field: 'id',
              value: subscription.id,
              location: 'path',
              description: `Nothing is due: the subscription is ${subscription.status}.`,
            }),
          );
        }
        const before = deps.scheduler.jobsRun;
        if (due > deps.clock.now()) deps.clock.setTo(due);
        else deps.scheduler.runDue();
        return {
          status: 200,
          body: {
            now: deps.clock.nowIso(),
            jobs_run: deps.scheduler.jobsRun - before,
            subscription: subscriptions.show(subscription.id, 'last_failed_payment', ctx),
          },
        };
      },
    }),
    defineRoute(E.failNextPayment, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body, ctx }) => {
        const subscription = subscriptions.get(params.id, ctx);
        subscription.internal.forced_failures = {
          reason: body?.reason_code ?? 'PAYMENT_DENIED',
          remaining: body?.count ?? 1,
        };
        transition(deps, subscriptionMachine, subscription, 'update', {
          note: `next ${body?.count ?? 1} payment(s) forced to fail`,
        });
        return { status: 200, body: subscriptions.show(subscription.id, 'last_failed_payment', ctx) };
      },
    }),
    defineRoute(E.payerFunding, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body }) => {
        const account = deps.store.accounts.byEmail(body.email_address);
        if (!account || account.type !== 'PERSONAL')
          throw notFound('sandbox buyer', body.email_address, '/email_address');
        if (body.wallet_balance) {
          const { currency_code: currency, value } = body.wallet_balance;
          let minor: bigint;
          try {
            minor = toMinor(value, currency);
          } catch {
            throw invalidRequest(
              detail('INVALID_PARAMETER_VALUE', { field: '/wallet_balance', value, location: 'body' }),
            );
          }
          if (minor < 0n) {
            throw invalidRequest(
              detail('INVALID_PARAMETER_VALUE', {
                field: '/wallet_balance/value',
                value,
                location: 'body',
                description: 'A wallet balance cannot be negative.',
              }),
            );
          }
          // The wallet is the account's ledger balance: set it with one adjustment line, never an edit.
          const current = deps.ledger.wallets.balance(account.id, currency);
          const line = { subject: 'Wallet balance set by the billing test helper' };
          if (minor > current)
            deps.ledger.wallets.credit(account.id, currency, minor - current, {
              ...line,
              eventCode: 'T0300',
            });
          else if (minor < current)
            deps.ledger.wallets.debit(account.id, currency, current - minor, { ...line, eventCode: 'T0400' });
        }
        if (body.card_declines !== undefined)
          for (const card of account.cards) card.declines = body.card_declines;
        deps.store.accounts.upsert(account);
        return {
          status: 200,
          body: {
            email_address: account.email,
            payer_id: account.id,
            balances: [
              ...new Set([
                ...account.balances.map((b) => b.currency_code),
                ...(body.wallet_balance ? [body.wallet_balance.currency_code] : []),
              ]),
            ].map((currency) => ({
              currency_code: currency,
              value: fromMinor(deps.ledger.wallets.balance(account.id, currency), currency),
            })),
            cards: account.cards.map((c) => ({
              brand: c.brand,
              last_digits: c.last_digits,
              declines: c.declines === true,
            })),
          },
        };
      },
    }),
    defineRoute(E.refundSale, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => {
        const sale = deps.store.resources.get<StoredSale['body'], StoredSale['internal']>(
          'subscription-sale',
          params.id,
        );
        if (!sale || sale.app_id !== ctx.app.id) throw notFound('sale', params.id);
        refuseUnless(
          subscriptionSaleMachine,
          sale,
          'refund',
          `Only a COMPLETED sale can be refunded (it is ${sale.status}).`,
        );
        const payer = sale.internal.payer;
        if (payer?.funding === 'WALLET')
          creditWallet(
            deps,
            payer.account_id,
            sale.internal.currency,
            BigInt(sale.internal.gross_minor),
            `Refund of sale ${sale.id}`,
          );
        transition(deps, subscriptionSaleMachine, sale, 'refund');
        return { status: 200, resource: sale };
      },
    }),
  ];
}
