import type { ReportingSummary } from '../../../../shared/bridge.js';
import { HistoryJobs } from '../../../ledger/history-jobs.js';
import { LedgerReads } from '../../../ledger/ledger-reads.js';
import { LedgerRepository } from '../../../ledger/ledger-repo.js';
import { LedgerWriter } from '../../../ledger/ledger-writer.js';
import { Settlement } from '../../../ledger/settlement.js';
import { supportLookup, type SupportFindings } from '../../../ledger/support-lookup.js';
import type { ApiDeps } from '../../deps.js';
import type { ApiGroup } from '../../server.js';
import { reportingTestHelpersGroup } from '../../test-helpers/reporting-generate.js';
import { reportingGroup } from './routes.js';
import { ReportingService } from './service.js';
import { ReportingSettingsStore } from './settings.js';
import { reportingSummary } from './summary.js';

export interface ReportingOptions {
  /** Default visibility delay in seconds of simulated time (0..10800; spec part 8). */
  visibilityDelaySeconds?: number | undefined;
}

/**
 * The ledger and everything that reads it, wired once: the writer subscribes to resource transitions
 * (so it must exist before the first request), the API groups, the history generator, and the reads
 * the workbench's Reports page and support view use through the bridge.
 */
export class ReportingModule {
  readonly repo: LedgerRepository;
  readonly reads: LedgerReads;
  readonly settlement: Settlement;
  readonly ledger: LedgerWriter;
  readonly settings: ReportingSettingsStore;
  readonly service: ReportingService;
  readonly jobs: HistoryJobs;
  readonly groups: ApiGroup[];

  constructor(
    private readonly deps: ApiDeps,
    options: ReportingOptions = {},
  ) {
    this.repo = new LedgerRepository(deps.store.db);
    this.reads = new LedgerReads(this.repo);
    this.settlement = new Settlement(deps, this.repo);
    this.ledger = new LedgerWriter(deps, this.repo, this.settlement);
    this.settings = new ReportingSettingsStore(deps.store.meta, options.visibilityDelaySeconds ?? 0);
    this.service = new ReportingService(deps, this.reads, this.settings);
    this.jobs = new HistoryJobs(deps, this.repo, this.settlement);
    this.groups = [reportingGroup(this.service), reportingTestHelpersGroup(deps, this.jobs, this.settings)];
  }

  /** Everything related to an id, for the support view. */
  lookup(id: string): SupportFindings {
    return supportLookup(this.deps.store, this.repo, id);
  }

  /** Daily totals of an account for the charts. */
  summary(accountId: string, days: number, currency?: string): ReportingSummary {
    const primary = this.deps.store.accounts.byId(accountId)?.balances[0]?.currency_code ?? 'USD';
    return reportingSummary(this.reads, accountId, primary, this.deps.clock.now(), days, currency);
  }

  /** The sandbox reset: generation stopped, ledger emptied, the delay back to the host's default. */
  reset(): void {
    this.jobs.cancelAll();
    this.deps.store.transaction(() => this.repo.deleteAll());
    this.settings.reset();
  }
}
