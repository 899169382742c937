import type { ApiDeps } from '../api/deps.js';
import type { LedgerRepository } from './ledger-repo.js';

export const SETTLE_JOB = 'ledger.settle';
const BATCH = 5000;

/**
 * Spec part 3: a pending (P) entry becomes completed (S) when its process completes. Entries that know
 * when that is (`available_ms`) settle in a scheduled job on the simulated clock: one pending job, due at
 * the earliest such time; each run settles everything due and schedules the next.
 */
export class Settlement {
  constructor(
    private readonly deps: ApiDeps,
    private readonly repo: LedgerRepository,
  ) {
    deps.scheduler.register(SETTLE_JOB, (_payload, run) => {
      this.settleDue(run.now);
      this.scheduleNext();
    });
  }

  /** Settles every entry whose funds became available by `nowMs`, each at its own time. */
  settleDue(nowMs: number): number {
    let settled = 0;
    for (;;) {
      const due = this.repo.dueForSettlement(nowMs, BATCH);
      if (due.length === 0) return settled;
      settled += this.repo.setStatus(due, 'S', (entry) => entry.availableMs ?? nowMs);
    }
  }

  /** (Re)schedules the one settlement job at the earliest pending availability. */
  scheduleNext(): void {
    const next = this.repo.nextSettlement();
    if (next === undefined) this.deps.scheduler.cancel(SETTLE_JOB);
    else this.deps.scheduler.schedule(SETTLE_JOB, next, {}, SETTLE_JOB);
  }
}
