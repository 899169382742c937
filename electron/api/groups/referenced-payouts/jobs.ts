import { SECOND } from '../../../clock.js';
import type { JobHandler } from '../../../scheduler.js';
import type { ReferencedPayoutsService } from './service.js';

/** Processes an asynchronous referenced payout (a batch, or one item) once it falls due. */
export const PROCESS_REFERENCED_PAYOUT_JOB = 'referenced-payouts.process';

/**
 * How long an asynchronous referenced payout stays PROCESSING, in simulated time: the scheduler's
 * real-time tick processes it a few seconds after it was accepted, and any clock move past it does at
 * once.
 */
export const PROCESSING_DELAY_MS = 5 * SECOND;

/** What a processing job names: a batch (all its items) or a standalone item. */
export interface ProcessPayload {
  kind: 'batch' | 'item';
  id: string;
}

/** The unique key of a batch's or an item's pending processing. */
export const processingKey = (id: string): string => `referenced-payout:${id}`;

/** The scheduled work of referenced payouts, by job kind. */
export function referencedPayoutJobs(service: ReferencedPayoutsService): Record<string, JobHandler> {
  return {
    [PROCESS_REFERENCED_PAYOUT_JOB]: (payload, run) =>
      service.processDue(payload as ProcessPayload, run.dueAt),
  };
}
