import { REPORTING_ENDPOINTS as E } from '../../../../shared/api/reporting/endpoints.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { ReportingService } from './service.js';

/** Transaction search and balances (spec 4.11): `/v1/reporting`. */
export function reportingRoutes(reporting: ReportingService): AnyRoute[] {
  return [
    defineRoute(E.transactions, {
      partnerFeatures: ['ADVANCED_TRANSACTIONS_SEARCH'],
      handle: ({ query, headers, ctx }) => ({ status: 200, body: reporting.search(query, headers, ctx) }),
    }),
    defineRoute(E.balances, {
      partnerFeatures: ['ACCESS_MERCHANT_INFORMATION'],
      handle: ({ query, headers, ctx }) => ({ status: 200, body: reporting.balances(query, headers, ctx) }),
    }),
  ];
}
