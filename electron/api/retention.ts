import { MINUTE } from '../clock.js';
import type { ApiDeps } from './deps.js';
import { tokenNow } from './token-clock.js';

export const RETENTION_SWEEP_JOB = 'retention.sweep';
const SWEEP_INTERVAL_MS = 15 * MINUTE;

/**
 * Drops expired access tokens (on their own clock, electron/api/token-clock.ts) and idempotency keys
 * every 15 minutes of simulated time. One pending
 * sweep exists at a time; after a long clock jump it runs once, not once per skipped interval.
 */
export function registerRetentionSweep(deps: ApiDeps): () => void {
  const schedule = (from: number) =>
    deps.scheduler.schedule(RETENTION_SWEEP_JOB, from + SWEEP_INTERVAL_MS, {}, RETENTION_SWEEP_JOB);
  deps.scheduler.register(RETENTION_SWEEP_JOB, (_payload, run) => {
    // Tokens by their own clock (real time by default): a clock move does not sweep live tokens.
    deps.store.tokens.deleteExpired(tokenNow(deps));
    deps.store.idempotency.deleteExpired(run.now);
    schedule(run.now);
  });
  return () => schedule(deps.clock.now());
}
