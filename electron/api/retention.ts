import { MINUTE } from '../clock.js';
import type { ApiDeps } from './deps.js';

export const RETENTION_SWEEP_JOB = 'retention.sweep';
const SWEEP_INTERVAL_MS = 15 * MINUTE;

/**
 * Drops expired access tokens and idempotency keys every 15 minutes of simulated time. One pending
 * sweep exists at a time; after a long clock jump it runs once, not once per skipped interval.
 */
export function registerRetentionSweep(deps: ApiDeps): () => void {
  const schedule = (from: number) =>
    deps.scheduler.schedule(RETENTION_SWEEP_JOB, from + SWEEP_INTERVAL_MS, {}, RETENTION_SWEEP_JOB);
  deps.scheduler.register(RETENTION_SWEEP_JOB, (_payload, run) => {
    deps.store.tokens.deleteExpired(run.now);
    deps.store.idempotency.deleteExpired(run.now);
    schedule(run.now);
  });
  return () => schedule(deps.clock.now());
}
