import { HOUR, MINUTE } from '../clock.js';

/**
 * When a delivery is tried (spec 6.2 and part 8: up to 25 times over 3 days). Attempt 1 goes out at
 * once; attempts 2 to 25 are due at these offsets from attempt 1's due time, on the simulated clock,
 * so the 25th and last is due exactly 3 days after the first. A retry whose time has already passed
 * (the clock jumped) goes out at once, one after the other.
 */
export const RETRY_OFFSETS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  10 * HOUR,
  12 * HOUR,
  15 * HOUR,
  18 * HOUR,
  21 * HOUR,
  24 * HOUR,
  30 * HOUR,
  36 * HOUR,
  42 * HOUR,
  48 * HOUR,
  54 * HOUR,
  60 * HOUR,
  66 * HOUR,
  72 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_OFFSETS_MS.length + 1;

/** Due time of the attempt after `attemptsMade` failed ones, or `undefined` when none is left. */
export function nextAttemptAt(
  anchorMs: number,
  attemptsMade: number,
  maxAttempts = MAX_ATTEMPTS,
): number | undefined {
  if (attemptsMade >= maxAttempts) return undefined;
  if (attemptsMade === 0) return anchorMs;
  const offset = RETRY_OFFSETS_MS[attemptsMade - 1];
  return offset === undefined ? undefined : anchorMs + offset;
}
