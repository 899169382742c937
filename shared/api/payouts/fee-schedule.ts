import { mulDivRound } from '../../money.js';

/**
 * The sandbox's documented payout fee schedule, like the platform's: 2% of each item's amount, at least
 * a minimum and at most a cap per currency (USD: 0.25 to 20.00), rounded half up to the currency's minor
 * unit. The sender pays it on top of the amount; items that are not paid (FAILED, BLOCKED, DENIED) are
 * charged nothing, and an unclaimed item that returns gets its fee back. Pure, so the create form shows
 * the same fees before anything is sent.
 */
export const PAYOUT_FEE_BASIS_POINTS = 200n;

/** Minimum and cap of the fee per item, in minor units of each currency. */
export const PAYOUT_FEE_LIMITS: Readonly<Record<string, { min: bigint; max: bigint }>> = {
  USD: { min: 25n, max: 2_000n },
  EUR: { min: 23n, max: 1_800n },
  GBP: { min: 20n, max: 1_500n },
  CAD: { min: 32n, max: 2_500n },
  AUD: { min: 32n, max: 2_500n },
  NZD: { min: 40n, max: 3_000n },
  CHF: { min: 25n, max: 1_800n },
  SEK: { min: 250n, max: 19_000n },
  NOK: { min: 250n, max: 18_000n },
  DKK: { min: 170n, max: 13_000n },
  PLN: { min: 100n, max: 7_500n },
  CZK: { min: 600n, max: 45_000n },
  HKD: { min: 200n, max: 15_500n },
  SGD: { min: 35n, max: 2_600n },
  MXN: { min: 400n, max: 30_000n },
  BRL: { min: 100n, max: 8_000n },
  ILS: { min: 90n, max: 7_000n },
  PHP: { min: 1_300n, max: 100_000n },
  THB: { min: 800n, max: 60_000n },
  MYR: { min: 100n, max: 8_000n },
  CNY: { min: 150n, max: 14_000n },
  INR: { min: 1_800n, max: 140_000n },
  RUB: { min: 1_500n, max: 120_000n },
  JPY: { min: 30n, max: 2_200n },
  HUF: { min: 70n, max: 5_500n },
  TWD: { min: 8n, max: 600n },
  KRW: { min: 300n, max: 25_000n },
  BHD: { min: 95n, max: 7_500n },
  JOD: { min: 180n, max: 14_000n },
  KWD: { min: 75n, max: 6_000n },
  OMR: { min: 95n, max: 7_500n },
  TND: { min: 750n, max: 55_000n },
};

/** The fee of one item of `amountMinor` in `currency` (minor units). */
export function payoutFee(amountMinor: bigint, currency: string): bigint {
  const percent = mulDivRound(amountMinor, PAYOUT_FEE_BASIS_POINTS, 10_000n);
  const limits = PAYOUT_FEE_LIMITS[currency];
  if (!limits) return percent;
  if (percent < limits.min) return limits.min;
  return percent > limits.max ? limits.max : percent;
}
