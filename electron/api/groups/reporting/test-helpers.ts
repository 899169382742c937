import type { z } from 'zod';
import { REPORTING_ENDPOINTS as E } from '../../../../shared/api/reporting/endpoints.js';
import { DAY_MS, type GenerateHistorySchema } from '../../../../shared/api/reporting/schemas.js';
import { isSupportedCurrency } from '../../../../shared/money.js';
import type { ApiDeps } from '../../deps.js';
import { conflict, detail, internalError, invalidRequest, notFound } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import type { HistoryPlan } from './history-generator.js';
import type { HistoryJobs } from './jobs.js';
import type { ReportingSettingsStore } from './settings.js';

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

/**
 * Sandbox control for reporting: bulk history (`POST /v1/test-helpers/reporting/generate`, with
 * `Prefer: respond-async` it answers 202 at once and `GET .../generate/{id}` shows progress) and the
 * visibility delay (`/v1/test-helpers/reporting/settings`).
 */
export function reportingTestHelperRoutes(
  deps: ApiDeps,
  jobs: HistoryJobs,
  settings: ReportingSettingsStore,
): AnyRoute[] {
  return [
    defineRoute(E.generate, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, headers, ctx }) => {
        if (jobs.busy) throw conflict(detail('GENERATION_IN_PROGRESS', { location: 'body' }));
        const plan = historyPlan(body, ctx.merchant.id, deps.clock.now());
        const background = /respond-async/i.test(headers.prefer ?? '');
        const job = jobs.start(plan);
        if (background) return { status: 202, body: jobs.view(job, ctx.baseUrl) };
        // The caller waits for the whole generation; the API keeps answering others between batches.
        const finished = job.done.then(() => {
          if (job.status === 'FAILED') throw internalError(`History generation failed: ${job.error ?? ''}`);
          return { status: 201, body: jobs.view(job, ctx.baseUrl) };
        });
        return { status: 201, pending: finished };
      },
    }),
    defineRoute(E.generation, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => {
        const job = jobs.get(params.id);
        if (!job) throw notFound('generation job', params.id);
        return { status: 200, body: jobs.view(job, ctx.baseUrl) };
      },
    }),
    defineRoute(E.settings, {
      partnerFeatures: PARTNER_ONLY,
      handle: () => ({ status: 200, body: { visibility_delay_seconds: settings.delaySeconds } }),
    }),
    defineRoute(E.updateSettings, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body }) => {
        settings.delaySeconds = body.visibility_delay_seconds;
        return { status: 200, body: { visibility_delay_seconds: settings.delaySeconds } };
      },
    }),
  ];
}
