import { mulDivRound } from '../../../shared/money.js';

/**
 * The sandbox's documented fee schedule for captures: 3.49% of the gross amount plus a fixed fee per
 * currency, rounded half up to the currency's minor unit and never more than the gross amount. A refund
 * returns the percentage part in proportion to the amount refunded; the fixed part is kept.
 */
export const FEE_BASIS_POINTS = 349n;

/** Fixed fee per capture, in minor units of each currency. */
export const FIXED_FEES: Readonly<Record<string, bigint>> = {
  USD: 49n,
  EUR: 39n,
  GBP: 29n,
  CAD: 59n,
  AUD: 59n,
  NZD: 45n,
  CHF: 49n,
  SEK: 325n,
  NOK: 390n,
  DKK: 260n,
  PLN: 135n,
  CZK: 1000n,
  HKD: 235n,
  SGD: 50n,
  MXN: 400n,
  BRL: 60n,
  ILS: 120n,
  PHP: 1500n,
  THB: 1100n,
  MYR: 200n,
  CNY: 235n,
  INR: 3500n,
  RUB: 1000n,
  JPY: 40n,
  HUF: 90n,
  TWD: 10n,
  KRW: 500n,
  BHD: 150n,
  JOD: 300n,
  KWD: 120n,
  OMR: 150n,
  TND: 1200n,
};

export interface CaptureFee {
  percentPart: bigint;
  fixedPart: bigint;
  total: bigint;
}

export function captureFee(grossMinor: bigint, currency: string): CaptureFee {
  const percentPart = mulDivRound(grossMinor, FEE_BASIS_POINTS, 10_000n);
  const fixedPart = FIXED_FEES[currency] ?? 0n;
  const total = percentPart + fixedPart > grossMinor ? grossMinor : percentPart + fixedPart;
  // On tiny captures the fee is capped at the gross amount; the refundable part shrinks with it.
  return { percentPart: percentPart > total ? total : percentPart, fixedPart, total };
}

/**
 * The part of a capture's fee that a refund of `refundMinor` returns to the seller, after earlier refunds
 * of `refundedBeforeMinor`. The share is the difference of the rounded cumulative shares, so the refunds
 * of a capture together return exactly its percentage part: rounding each refund on its own would return
 * a cent too much (50.00 + 50.00 of 100.00: 1.75 + 1.75 of a 3.49 part) or too little.
 */
export function refundedFee(
  percentPart: bigint,
  grossMinor: bigint,
  refundMinor: bigint,
  refundedBeforeMinor = 0n,
): bigint {
  if (grossMinor === 0n) return 0n;
  const upTo = (refunded: bigint) => mulDivRound(percentPart, refunded, grossMinor);
  const share = upTo(refundedBeforeMinor + refundMinor) - upTo(refundedBeforeMinor);
  return share < 0n ? 0n : share;
}
