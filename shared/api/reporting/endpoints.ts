import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { SCOPES } from '../../scopes.js';
import { BalancesQuery, ReportingHeaders, TransactionSearchQuery } from './query-schemas.js';
import { GenerateHistorySchema, ReportingSettingsSchema } from './schemas.js';

const TAG = 'Transaction search';
const SANDBOX_TAG = 'Sandbox control';

export const GenerationJobParams = z.object({
  id: z.string().regex(/^[A-Z0-9]{17}$/, 'Expected a generation job id.'),
});
/** `Prefer: respond-async` runs a generation in the background. */
export const GenerateHeaders = z.object({ prefer: z.string().max(100).optional() });

/** Transaction search and balances (spec 4.11) and their sandbox helpers (bulk history, visibility delay). */
export const REPORTING_ENDPOINTS = {
  transactions: defineEndpoint({
    method: 'GET',
    path: '/v1/reporting/transactions',
    operationId: 'reporting.transactions.list',
    summary: 'List transactions (31 days at most, 3 years back; paged; fields select the groups)',
    tag: TAG,
    scope: SCOPES.reporting,
    query: TransactionSearchQuery,
    headers: ReportingHeaders,
    responses: {
      200: 'transaction_details, start_date, end_date, last_refreshed_datetime, page, total_items, total_pages, links',
      400: 'A parameter rule failed',
    },
  }),
  balances: defineEndpoint({
    method: 'GET',
    path: '/v1/reporting/balances',
    operationId: 'reporting.balances.list',
    summary: 'List balances per currency as of a time (total, available, withheld)',
    tag: TAG,
    scope: SCOPES.reporting,
    query: BalancesQuery,
    headers: ReportingHeaders,
    responses: {
      200: 'balances, account_id, as_of_time, last_refresh_time',
      400: 'A parameter rule failed',
    },
  }),
  generate: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/reporting/generate',
    operationId: 'sandbox.reporting.generate',
    summary:
      'Generate realistic ledger history (N entries over M days); Prefer: respond-async runs it in the background',
    tag: SANDBOX_TAG,
    scope: SCOPES.testHelpers,
    headers: GenerateHeaders,
    body: GenerateHistorySchema,
    responses: {
      201: 'The finished generation',
      202: 'Started; follow the self link for progress',
      409: 'Another generation is running',
    },
    example: { entries: 1000, days: 31, currencies: ['USD', 'EUR'], seed: 42 },
  }),
  generation: defineEndpoint({
    method: 'GET',
    path: '/v1/test-helpers/reporting/generate/:id',
    operationId: 'sandbox.reporting.generate.get',
    summary: 'Progress of a history generation',
    tag: SANDBOX_TAG,
    scope: SCOPES.testHelpers,
    params: GenerationJobParams,
    responses: { 200: 'The generation job', 404: 'No such job' },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/v1/test-helpers/reporting/settings',
    operationId: 'sandbox.reporting.settings.get',
    summary: 'Read the reporting visibility delay',
    tag: SANDBOX_TAG,
    scope: SCOPES.testHelpers,
    responses: { 200: '{visibility_delay_seconds}' },
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/reporting/settings',
    operationId: 'sandbox.reporting.settings.set',
    summary: 'Set the reporting visibility delay (0 to 10800 seconds of simulated time)',
    tag: SANDBOX_TAG,
    scope: SCOPES.testHelpers,
    body: ReportingSettingsSchema,
    responses: { 200: '{visibility_delay_seconds}' },
    example: { visibility_delay_seconds: 900 },
  }),
};
