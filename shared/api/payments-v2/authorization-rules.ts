/**
 * Authorization timing and allowances (spec 4.5, part 8), shared by the server that enforces them and
 * the UI that explains them before the user tries.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Funds are honored for 3 days; reauthorization opens on day 4. */
export const HONOR_PERIOD_MS = 3 * DAY_MS;
/** After day 29 an authorization expires; a new one is required. */
export const AUTHORIZATION_LIFETIME_MS = 29 * DAY_MS;
/** A reauthorization may carry up to 115% of the original amount... */
export const REAUTHORIZE_MAX_PERCENT = 115n;
/** ...and, in USD, at most 75.00 more than the original. */
export const REAUTHORIZE_MAX_INCREASE_USD_MINOR = 7500n;

/** The largest amount (minor units) a reauthorization of `originalMinor` may carry. */
export function reauthorizeCeiling(originalMinor: bigint, currency: string): bigint {
  // Rounded down: a ceiling must never allow a cent above 115%.
  const byPercent = (originalMinor * REAUTHORIZE_MAX_PERCENT) / 100n;
  if (currency !== 'USD') return byPercent;
  const byIncrease = originalMinor + REAUTHORIZE_MAX_INCREASE_USD_MINOR;
  return byPercent < byIncrease ? byPercent : byIncrease;
}
