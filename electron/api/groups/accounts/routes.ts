import { ACCOUNTS_ENDPOINTS as E } from '../../../../shared/api/accounts/endpoints.js';
import type { Ledger } from '../../../ledger/ledger.js';
import type { Clock } from '../../../clock.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { sensitiveMembers } from '../../pipeline/logged-body.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import type { AccountsService } from './service.js';
import { accountView } from './views.js';

/** The log keeps of an account's cards and bank accounts what the account keeps: their last four digits. */
const INSTRUMENT_NUMBERS = sensitiveMembers({
  lastFour: ['cards/*/number', 'bank_accounts/*/account_number'],
});

/** `/v1/test-helpers/accounts`: the sandbox accounts for scripts (the Accounts page uses them too). */
export function accountRoutes(accounts: AccountsService, ledger: Ledger, clock: Clock): AnyRoute[] {
  const view = (account: Parameters<typeof accountView>[0], baseUrl: string) =>
    accountView(account, ledger, clock.now(), baseUrl);
  return [
    defineRoute(E.create, {
      partnerFeatures: PARTNER_ONLY,
      loggedBody: INSTRUMENT_NUMBERS,
      handle: ({ body, ctx }) => ({ status: 201, body: view(accounts.create(body), ctx.baseUrl) }),
    }),
    defineRoute(E.list, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query, ctx }) => ({
        status: 200,
        body: { accounts: accounts.list(query.type).map((a) => view(a, ctx.baseUrl)) },
      }),
    }),
    defineRoute(E.show, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        body: view(accounts.get(params.account_id), ctx.baseUrl),
      }),
    }),
    defineRoute(E.update, {
      partnerFeatures: PARTNER_ONLY,
      loggedBody: INSTRUMENT_NUMBERS,
      handle: ({ params, body, ctx }) => ({
        status: 200,
        body: view(accounts.update(params.account_id, body), ctx.baseUrl),
      }),
    }),
    defineRoute(E.remove, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params }) => {
        accounts.delete(params.account_id);
        return { status: 204 };
      },
    }),
    defineRoute(E.adjust, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body }) => {
        const { transactionId, balance } = accounts.adjust(params.account_id, body);
        return {
          status: 201,
          body: {
            account_id: params.account_id,
            transaction_id: transactionId,
            event_code: body.direction === 'CREDIT' ? 'T0300' : 'T0400',
            amount: body.amount,
            direction: body.direction,
            balance,
          },
        };
      },
    }),
  ];
}
