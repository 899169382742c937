import { reportingShared } from '../../../../shared/api/reporting/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { HistoryJobs } from './jobs.js';
import { reportingRoutes } from './routes.js';
import { ReportingService } from './service.js';
import { ReportingSettingsStore } from './settings.js';
import { reportingTestHelperRoutes } from './test-helpers.js';

export type { HistoryPlan } from './history-generator.js';
export type { HistoryJob, HistoryJobs } from './jobs.js';
export { DEFAULT_HISTORY_CURRENCIES } from './test-helpers.js';

/** The reporting group, with its history generator for callers outside HTTP (the reporting benchmark). */
export interface ReportingGroup extends GroupModule {
  readonly history: HistoryJobs;
}

/**
 * Reporting (spec 4.11, part 8): transaction search and balances, read only from the ledger
 * (`deps.ledger`, written by the groups where money moves, reset by the host), the visibility delay, and
 * the bulk history generator of the sandbox control API.
 */
export function defineReporting(deps: GroupDeps): ReportingGroup {
  const settings = new ReportingSettingsStore(deps.store.meta, deps.options.reportingDelaySeconds ?? 0);
  const service = new ReportingService(deps, deps.ledger.reads, settings);
  const history = new HistoryJobs(deps, deps.ledger.repo, deps.ledger.settlement);
  return {
    name: 'reporting',
    shared: reportingShared,
    routes: [...reportingRoutes(service), ...reportingTestHelperRoutes(deps, history, settings)],
    history,
    reset() {
      // A running generation stops once the reset has committed (what it wrote goes with the ledger).
      deps.store.db.afterCommit(() => history.cancelAll());
      settings.reset();
    },
  };
}
