import type { ErrorDetail } from '../../../shared/errors.js';
import { MoneyError, toMinor } from '../../../shared/money.js';
import { detail, invalidRequest, unprocessable, type ApiError, type DetailOptions } from './api-error.js';

/** Where a request's amount stands: the detail's field, value and location (the description is the money module's). */
export type AmountPlace = Omit<DetailOptions, 'description'>;

/**
 * How a group answers an amount the money module refuses: 400, 422, or as the platform splits it for
 * its newer groups (an unsupported currency is 422, a malformed amount 400).
 */
export type MoneyAnswer = 'INVALID_REQUEST' | 'UNPROCESSABLE_ENTITY' | 'BY_ISSUE';

/** The `details[]` entry for a refused amount: the money module's issue and its message, at `place`. */
export function moneyErrorDetail(error: MoneyError, place: AmountPlace): ErrorDetail {
  return detail(error.issue, { ...place, description: error.message });
}

export function moneyApiError(error: MoneyError, place: AmountPlace, answer: MoneyAnswer): ApiError {
  const entry = moneyErrorDetail(error, place);
  const unprocessableAnswer =
    answer === 'UNPROCESSABLE_ENTITY' || (answer === 'BY_ISSUE' && error.issue === 'CURRENCY_NOT_SUPPORTED');
  return unprocessableAnswer ? unprocessable(entry) : invalidRequest(entry);
}

/** A request's amount in minor units; a malformed amount or an unknown currency answers with an error. */
export function requestMinor(
  value: string,
  currency: string,
  place: AmountPlace,
  answer: MoneyAnswer = 'INVALID_REQUEST',
): bigint {
  const parsed = parseMinor(value, currency);
  if (parsed instanceof MoneyError) throw moneyApiError(parsed, place, answer);
  return parsed;
}

/**
 * A request's amount in minor units, or the money module's refusal: for checks that collect every
 * problem before answering, or that answer with an issue of their own.
 */
export function parseMinor(value: string, currency: string): bigint | MoneyError {
  try {
    return toMinor(value, currency);
  } catch (error) {
    if (error instanceof MoneyError) return error;
    throw error;
  }
}
