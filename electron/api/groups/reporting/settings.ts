import { REPORTING_LIMITS } from '../../../../shared/api/reporting/schemas.js';
import type { MetaRepository } from '../../../store/repositories/meta-repo.js';

const DELAY_KEY = 'reporting.visibility_delay_seconds';

/**
 * The visibility delay of reporting (spec part 8: up to 3 hours before executed transactions appear):
 * the host option sets the default (0), the sandbox control API overrides it per workspace until a reset.
 * It runs on the simulated clock, so advancing the clock makes delayed entries appear.
 */
export class ReportingSettingsStore {
  private readonly defaultSeconds: number;

  constructor(
    private readonly meta: MetaRepository,
    defaultSeconds = 0,
  ) {
    this.defaultSeconds = Math.min(
      Math.max(0, Math.floor(defaultSeconds)),
      REPORTING_LIMITS.maxVisibilityDelaySeconds,
    );
  }

  get delaySeconds(): number {
    const stored = this.meta.get(DELAY_KEY);
    return stored ? Number(stored) : this.defaultSeconds;
  }

  set delaySeconds(seconds: number) {
    this.meta.set(DELAY_KEY, String(seconds));
  }

  /** Back to the host's default (the sandbox reset). */
  reset(): void {
    this.meta.set(DELAY_KEY, '');
  }

  /** The newest moment reporting shows at simulated time `nowMs`, on a whole second. */
  lastRefreshed(nowMs: number): number {
    return Math.floor(this.visibleUntil(nowMs) / 1000) * 1000;
  }

  /**
   * The newest moment whose writes reporting already sees, to the millisecond. Reads stop here rather
   * than at the whole second shown (`lastRefreshed`): a write made earlier in the current second is
   * already part of the balance.
   */
  visibleUntil(nowMs: number): number {
    return nowMs - this.delaySeconds * 1000;
  }
}
