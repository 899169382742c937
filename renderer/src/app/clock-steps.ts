import type { ClockMoveRequest } from './clock-move';

/** Jobs a step of a long move runs at most: each step is one transaction, and progress is shown between. */
export const JOBS_PER_STEP = 2_000;

export interface ClockProgress {
  jobsRun: number;
  /** The jobs due by the target when the move started (jobs that schedule others may add to it). */
  jobsDue: number;
}

/** What the steps need of the host: the sandbox clock helper's GET and POST. */
export interface ClockApi {
  read(query?: {
    until: string;
    step: number;
  }): Promise<{ now: string; jobs_due?: number; step_until?: string }>;
  move(request: ClockMoveRequest): Promise<{ now: string; jobs_run: number }>;
}

/**
 * Moves the clock to `request`'s time in steps of at most `JOBS_PER_STEP` due jobs, reporting progress
 * after each: the same jobs run, in the same order, at the same due times as in one move, but a move
 * through 50,000 jobs shows how far it is instead of a frozen clock. A move with few jobs due is one step.
 */
export async function moveClockInSteps(
  request: ClockMoveRequest,
  api: ClockApi,
  onProgress: (progress: ClockProgress) => void,
): Promise<{ now: string; jobs_run: number }> {
  const start = await api.read();
  const target =
    'to' in request
      ? new Date(Date.parse(request.to)).toISOString()
      : new Date(Date.parse(start.now) + request.advance_seconds * 1000).toISOString();
  let progress: ClockProgress = { jobsRun: 0, jobsDue: 0 };
  for (;;) {
    const ahead = await api.read({ until: target, step: JOBS_PER_STEP });
    if (progress.jobsDue === 0) progress = { ...progress, jobsDue: ahead.jobs_due ?? 0 };
    const last = (ahead.jobs_due ?? 0) <= JOBS_PER_STEP || !ahead.step_until;
    const moved = await api.move({ to: last ? target : (ahead.step_until as string) });
    progress = {
      jobsRun: progress.jobsRun + moved.jobs_run,
      jobsDue: Math.max(progress.jobsDue, progress.jobsRun + moved.jobs_run),
    };
    onProgress(progress);
    if (last || Date.parse(moved.now) >= Date.parse(target))
      return { now: moved.now, jobs_run: progress.jobsRun };
  }
}
