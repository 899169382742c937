import { z } from 'zod';
import { DAY_MS, GenerateHistorySchema, ReportingSettingsSchema } from '../../../shared/api/reporting.js';
import { isSupportedCurrency } from '../../../shared/money.js';
import { SCOPES } from '../../../shared/scopes.js';
import type { HistoryPlan } from '../../ledger/history-generator.js';
import type { HistoryJobs } from '../../ledger/history-jobs.js';
import type { ApiDeps } from '../deps.js';
import type { ReportingSettingsStore } from '../groups/reporting/settings.js';
import { ApiError, detail, invalidRequest, notFound } from '../pipeline/api-error.js';
import { defineRoute } from '../route.js';
import type { ApiGroup } from '../server.js';

export const DEFAULT_HISTORY_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD'] as const;

/** The generation a request asks for, checked against the clock (400 naming the member otherwise). */
export function historyPlan(
  request: z.output<typeof GenerateHistorySchema>,
  accountId: string,
  nowMs: number,
): HistoryPlan {
  const endMs = request.end_time !== undefined ? Date.parse(request.end_time) : nowMs;
  if (endMs > nowMs + 999) {
    throw invalidRequest(
      detail('INVALID_PARAMETER_VALUE', {
        field: '/end_time',
        value: request.end_time,
        location: 'body',
        description: 'History ends at the latest now (the simulated clock).',
      }),
    );
  }
  const currencies = request.currencies ?? [...DEFAULT_HISTORY_CURRENCIES];
  const unsupported = currencies.flatMap((code, index) =>
    isSupportedCurrency(code)
      ? []
      : [detail('CURRENCY_NOT_SUPPORTED', { field: `/currencies/${index}`, value: code, location: 'body' })],
  );
  if (unsupported.length > 0) throw invalidRequest(...unsupported);
  return {
    accountId,
    entries: request.entries,
    startMs: endMs - request.days * DAY_MS,
    endMs,
    currencies,
    seed: request.seed ?? Math.floor(Math.random() * 2 ** 31),
    nowMs,
  };
}

const JobParams = z.object({ id: z.string().regex(/^[A-Z0-9]{17}$/, 'Expected a generation job id.') });
const PreferHeaders = z.object({ prefer: z.string().max(100).optional() });

/**
 * Sandbox control for reporting: bulk history (`POST /v1/test-helpers/reporting/generate`, with
 * `Prefer: respond-async` it answers 202 at once and `GET .../generate/{id}` shows progress) and the
 * visibility delay (`/v1/test-helpers/reporting/settings`).
 */
export function reportingTestHelpersGroup(
  deps: ApiDeps,
  jobs: HistoryJobs,
  settings: ReportingSettingsStore,
): ApiGroup {
  return {
    routes: [
      defineRoute({
        method: 'POST',
        path: '/v1/test-helpers/reporting/generate',
        operationId: 'sandbox.reporting.generate',
        summary:
          'Generate realistic ledger history (N entries over M days); Prefer: respond-async runs it in the background',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        headers: PreferHeaders,
        body: GenerateHistorySchema,
        responses: {
          201: 'The finished generation',
          202: 'Started; follow the self link for progress',
          409: 'Another generation is running',
        },
        handle: ({ body, headers, ctx }) => {
          if (jobs.busy)
            throw new ApiError('RESOURCE_CONFLICT', [detail('GENERATION_IN_PROGRESS', { location: 'body' })]);
          const plan = historyPlan(body, ctx.merchant.id, deps.clock.now());
          const background = /respond-async/i.test(headers.prefer ?? '');
          const job = jobs.start(plan, background);
          const view = jobs.view(job, ctx.baseUrl);
          if (job.status === 'FAILED')
            throw new ApiError('INTERNAL_SERVER_ERROR', [], `History generation failed: ${job.error ?? ''}`);
          return { status: background ? 202 : 201, body: view };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/test-helpers/reporting/generate/:id',
        operationId: 'sandbox.reporting.generate.get',
        summary: 'Progress of a history generation',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        params: JobParams,
        responses: { 200: 'The generation job', 404: 'No such job' },
        handle: ({ params, ctx }) => {
          const job = jobs.get(params.id);
          if (!job) throw notFound('generation job', params.id);
          return { status: 200, body: jobs.view(job, ctx.baseUrl) };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/test-helpers/reporting/settings',
        operationId: 'sandbox.reporting.settings.get',
        summary: 'Read the reporting visibility delay',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        responses: { 200: '{visibility_delay_seconds}' },
        handle: () => ({ status: 200, body: { visibility_delay_seconds: settings.delaySeconds } }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/test-helpers/reporting/settings',
        operationId: 'sandbox.reporting.settings.set',
        summary: 'Set the reporting visibility delay (0 to 10800 seconds of simulated time)',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        body: ReportingSettingsSchema,
        responses: { 200: '{visibility_delay_seconds}' },
        handle: ({ body }) => {
          settings.delaySeconds = body.visibility_delay_seconds;
          return { status: 200, body: { visibility_delay_seconds: settings.delaySeconds } };
        },
      }),
    ],
  };
}
