import { isoSeconds } from '../../../clock.js';
import { MAX_ADVANCE_SECONDS } from '../../../../shared/api/sandbox/schemas.js';
import type { GroupDeps } from '../../group-deps.js';
import { detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';

/**
 * At most ten years per move, by `advance_seconds` or by `to`: enough for any retention, small enough that
 * every date the API then writes stays an RFC 3339 date with a four-digit year.
 */
export { MAX_ADVANCE_SECONDS } from '../../../../shared/api/sandbox/schemas.js';

export interface ClockState {
  now: string;
  offset_seconds: number;
  next_job_at?: string;
  /** With `until`: the jobs due by then. */
  jobs_due?: number;
  /** With `until` and `step`: where a move of at most `step` of those jobs ends (`until` if fewer are due). */
  step_until?: string;
}

/**
 * The sandbox control API's domain: the simulated clock and the reset. Moving the clock runs every job
 * that falls due (authorization expiry, retention, later webhook retries) before it answers.
 */
export class SandboxControl {
  constructor(private readonly deps: GroupDeps) {}

  clock(query: { until?: string | undefined; step?: number | undefined } = {}): ClockState {
    const next = this.deps.store.jobs.nextDueTime();
    const state: ClockState = {
      now: this.deps.clock.nowIso(),
      offset_seconds: Math.round(this.deps.clock.offset / 1000),
      ...(next !== undefined ? { next_job_at: isoSeconds(next) } : {}),
    };
    if (query.until === undefined) return state;
    const until = Date.parse(query.until);
    state.jobs_due = this.deps.store.jobs.countDueBy(until);
    if (query.step !== undefined) {
      const stepEnd = this.deps.store.jobs.nthDueBy(until, query.step);
      // To the millisecond (a step must reach its last job), and never before now: jobs already overdue
      // run in the first step.
      state.step_until = new Date(Math.max(stepEnd ?? until, this.deps.clock.now())).toISOString();
    }
    return state;
  }

  moveClock(request: {
    advance_seconds?: number | undefined;
    to?: string | undefined;
  }): ClockState & { jobs_run: number } {
    const before = this.deps.scheduler.jobsRun;
    if (request.to !== undefined) {
      const target = Date.parse(request.to);
      if (target < this.deps.clock.now() - 1000) {
        throw unprocessable(
          detail('CLOCK_CANNOT_GO_BACK', {
            field: '/to',
            value: request.to,
            location: 'body',
            description: `The clock is at ${this.deps.clock.nowIso()} and only moves forward.`,
          }),
        );
      }
      const limit = this.deps.clock.now() + MAX_ADVANCE_SECONDS * 1000;
      if (target > limit) {
        throw invalidRequest(
          detail('INVALID_PARAMETER_VALUE', {
            field: '/to',
            value: request.to,
            location: 'body',
            description: `The clock moves at most ten years at once: not after ${isoSeconds(limit)}.`,
          }),
        );
      }
      this.deps.clock.setTo(Math.max(target, this.deps.clock.now()));
    } else {
      this.deps.clock.advance((request.advance_seconds ?? 0) * 1000);
    }
    return { ...this.clock(), jobs_run: this.deps.scheduler.jobsRun - before };
  }

  /** Back to the seed state (the host's reset: every group's data in one transaction, real time). */
  reset(): void {
    this.deps.resetSandbox();
  }
}
