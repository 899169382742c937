import type { ApiDeps } from './deps.js';

/**
 * The time access tokens live by. The simulated clock is for business schedules (authorization honor
 * periods, payout returns, billing cycles); moving it by days must not turn every SDK's cached token into
 * a 401, as test clocks elsewhere leave API keys alone. So a token's `expires_at` is real epoch
 * milliseconds, unless the host runs with `tokenExpiryFollowsClock` (`--token-expiry-follows-clock`),
 * when it is simulated epoch milliseconds and a clock move past a token's lifetime expires it.
 *
 * A token keeps the clock it was issued under: a workspace restarted with the other setting reads old
 * tokens against the new clock (simulated time is never behind real time, so such a token only lasts
 * longer or shorter by the clock's offset); a new token from the token endpoint is always right.
 */
export function tokenNow(deps: Pick<ApiDeps, 'clock' | 'config'>): number {
  return deps.config.tokenExpiryFollowsClock ? deps.clock.now() : deps.clock.realTime();
}
