import type { JobHandler } from '../../../scheduler.js';
import { DISPUTE_DUE_JOB } from './flow.js';
import type { DisputeLifecycle } from './opening.js';

/** The scheduled work of disputes: a party's due date passing (and an appeal period ending). */
export function disputeJobs(lifecycle: DisputeLifecycle): Record<string, JobHandler> {
  return {
    [DISPUTE_DUE_JOB]: (payload, run) => lifecycle.due(String((payload as { id: string }).id), run.dueAt),
  };
}
