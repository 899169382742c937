import { SCOPES } from '../../../../shared/scopes.js';
import { defineRoute } from '../../route.js';
import type { ApiGroup } from '../../server.js';
import { BalancesQuery, ReportingHeaders, TransactionSearchQuery } from './query-schemas.js';
import type { ReportingService } from './service.js';

/** Transaction search and balances (spec 4.11): `/v1/reporting`. */
export function reportingGroup(reporting: ReportingService): ApiGroup {
  return {
    routes: [
      defineRoute({
        method: 'GET',
        path: '/v1/reporting/transactions',
        operationId: 'reporting.transactions.list',
        summary: 'List transactions (31 days at most, 3 years back; paged; fields select the groups)',
        tag: 'Transaction search',
        scope: SCOPES.reporting,
        query: TransactionSearchQuery,
        headers: ReportingHeaders,
        responses: {
          200: 'transaction_details, start_date, end_date, last_refreshed_datetime, page, total_items, total_pages, links',
          400: 'A parameter rule failed',
        },
        handle: ({ query, headers, ctx }) => ({ status: 200, body: reporting.search(query, headers, ctx) }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/reporting/balances',
        operationId: 'reporting.balances.list',
        summary: 'List balances per currency as of a time (total, available, withheld)',
        tag: 'Transaction search',
        scope: SCOPES.reporting,
        query: BalancesQuery,
        headers: ReportingHeaders,
        responses: {
          200: 'balances, account_id, as_of_time, last_refresh_time',
          400: 'A parameter rule failed',
        },
        handle: ({ query, headers, ctx }) => ({ status: 200, body: reporting.balances(query, headers, ctx) }),
      }),
    ],
  };
}
