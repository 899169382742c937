import { describe, expect, it } from 'vitest';
import { JOBS_PER_STEP, moveClockInSteps, type ClockApi, type ClockProgress } from './clock-steps';

/** A host with `jobs` due at the given times, answering the clock helper as the sandbox does. */
function fakeHost(jobs: number[], startMs = 0) {
  let now = startMs;
  const pending = [...jobs].sort((a, b) => a - b);
  const ran: number[] = [];
  const moves: number[] = [];
  const api: ClockApi = {
    read: async (query) => {
      if (!query) return { now: new Date(now).toISOString() };
      const until = Date.parse(query.until);
      const due = pending.filter((at) => at <= until);
      const nth = due[query.step - 1];
      return {
        now: new Date(now).toISOString(),
        jobs_due: due.length,
        step_until: new Date(Math.max(nth ?? until, now)).toISOString(),
      };
    },
    move: async (request) => {
      const to = 'to' in request ? Date.parse(request.to) : now + request.advance_seconds * 1000;
      moves.push(to);
      now = Math.max(now, to);
      let count = 0;
      while (pending.length > 0 && (pending[0] ?? Infinity) <= now) {
        ran.push(pending.shift() ?? 0);
        count++;
      }
      return { now: new Date(now).toISOString(), jobs_run: count };
    },
  };
  return { api, ran, moves };
}

describe('moveClockInSteps', () => {
  it('moves in one step when few jobs are due', async () => {
    const host = fakeHost([10, 20, 30]);
    const result = await moveClockInSteps({ advance_seconds: 1 }, host.api, () => {});
    expect(result).toEqual({ now: new Date(1000).toISOString(), jobs_run: 3 });
    expect(host.moves).toEqual([1000]);
  });

  it('runs every job once, in order, in steps of at most JOBS_PER_STEP, with progress after each', async () => {
    const jobs = Array.from({ length: 5_500 }, (_, i) => i * 7);
    const host = fakeHost(jobs);
    const progress: ClockProgress[] = [];
    const target = new Date(100_000).toISOString();
    const result = await moveClockInSteps({ to: target }, host.api, (p) => progress.push(p));
    expect(result.jobs_run).toBe(5_500);
    expect(host.ran).toEqual(jobs);
    expect(host.moves.length).toBe(3);
    expect(progress.map((p) => p.jobsRun)).toEqual([JOBS_PER_STEP, 2 * JOBS_PER_STEP, 5_500]);
    expect(progress.every((p) => p.jobsDue === 5_500)).toBe(true);
    expect(result.now).toBe(target);
  });

  it('runs jobs sharing one due time in the same step, and still ends at the target', async () => {
    const host = fakeHost(Array.from({ length: 4_100 }, () => 500));
    const result = await moveClockInSteps({ to: new Date(2_000).toISOString() }, host.api, () => {});
    expect(result).toEqual({ now: new Date(2_000).toISOString(), jobs_run: 4_100 });
  });
});
