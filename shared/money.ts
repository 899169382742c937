/**
 * Exact money: decimal strings at the edge, integer minor units inside. Never floating point.
 *
 * Minor units are kept as `bigint` so no amount a caller can send (the spec allows 32-character values)
 * ever loses precision; conversion back to the string form always uses the currency's exponent.
 */

/** Currencies the sandbox accepts, with the number of decimal places of each. */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  ILS: 2,
  INR: 2,
  MXN: 2,
  MYR: 2,
  NOK: 2,
  NZD: 2,
  PHP: 2,
  PLN: 2,
  RUB: 2,
  SEK: 2,
  SGD: 2,
  THB: 2,
  USD: 2,
  // No minor unit in use.
  HUF: 0,
  JPY: 0,
  TWD: 0,
  KRW: 0,
  // Three decimal places.
  BHD: 3,
  JOD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
};

/** Money v2 as the API carries it. */
export interface Money {
  currency_code: string;
  value: string;
}

/** Syntax of a money value string (at most 32 characters, optional sign, optional fraction). */
export const MONEY_VALUE_PATTERN = /^-?(\d+(\.\d+)?|\.\d+)$/;
export const MONEY_VALUE_MAX_LENGTH = 32;

export type MoneyProblem = 'CURRENCY_NOT_SUPPORTED' | 'DECIMAL_PRECISION' | 'INVALID_PARAMETER_SYNTAX';

/** Thrown by {@link toMinor} with the issue code that describes the problem. */
export class MoneyError extends Error {
  constructor(
    readonly issue: MoneyProblem,
    message: string,
  ) {
    super(message);
  }
}

export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCY_EXPONENTS, code);
}

export function exponentOf(currency: string): number {
  const exponent = CURRENCY_EXPONENTS[currency];
  if (exponent === undefined)
    throw new MoneyError('CURRENCY_NOT_SUPPORTED', `Currency ${currency} is not supported.`);
  return exponent;
}

/** Digits a double holds exactly (below 2^53): such a string converts to a bigint through a number. */
const EXACT_DIGITS = 15;

/** Parses a decimal string in `currency` into integer minor units; rejects extra decimal places. */
export function toMinor(value: string, currency: string): bigint {
  const exponent = exponentOf(currency);
  if (value.length > MONEY_VALUE_MAX_LENGTH || !MONEY_VALUE_PATTERN.test(value)) {
    throw new MoneyError('INVALID_PARAMETER_SYNTAX', `"${value}" is not a decimal amount.`);
  }
  // The pattern holds at most one sign and one point. Read by index, not split: an order's create
  // converts half a dozen amounts.
  const negative = value.charCodeAt(0) === 45; // '-'
  const start = negative ? 1 : 0;
  const point = value.indexOf('.');
  const whole = point < 0 ? value.slice(start) : value.slice(start, point);
  // Trailing zeros beyond the exponent are harmless ("10.500" in USD is 10.50), other digits are not.
  let end = value.length;
  if (point >= 0) while (end > point + 1 && value.charCodeAt(end - 1) === 48) end--; // '0'
  const significant = point < 0 ? '' : value.slice(point + 1, end);
  if (significant.length > exponent) {
    throw new MoneyError(
      'DECIMAL_PRECISION',
      `${currency} allows ${exponent} decimal place${exponent === 1 ? '' : 's'}; "${value}" has more.`,
    );
  }
  const digits = (whole || '0') + significant.padEnd(exponent, '0');
  const minor = digits.length <= EXACT_DIGITS ? BigInt(Number(digits)) : BigInt(digits);
  return negative ? -minor : minor;
}

/** Formats integer minor units as the canonical decimal string of `currency`. */
export function fromMinor(minor: bigint, currency: string): string {
  const exponent = exponentOf(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return (negative ? '-' : '') + whole + (exponent > 0 ? '.' + fraction : '');
}

export function money(minor: bigint, currency: string): Money {
  return { currency_code: currency, value: fromMinor(minor, currency) };
}

/** Minor units of a Money v2 object (assumes it was validated). */
export function minorOf(amount: Money): bigint {
  return toMinor(amount.value, amount.currency_code);
}

/**
 * `amount * numerator / denominator`, rounded half away from zero to a whole minor unit: how fees and
 * proportional refunds of fees are computed.
 */
export function mulDivRound(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  const negative = amount < 0n !== numerator < 0n;
  const a = amount < 0n ? -amount : amount;
  const n = numerator < 0n ? -numerator : numerator;
  const product = a * n;
  const quotient = (product * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** Parses an item `quantity` string (a positive whole number of at most 10 digits). */
export function parseQuantity(quantity: string): bigint | undefined {
  return /^[1-9]\d{0,9}$/.test(quantity) ? BigInt(quantity) : undefined;
}
