import { z } from 'zod';
import { TRANSACTION_CODE_PATTERN } from '../../ledger/transaction-codes.js';
import {
  FIELD_GROUPS,
  INSTRUMENT_TYPES,
  REPORTING_LIMITS,
  TRANSACTION_STATUSES,
  parseAmountRange,
  parseReportDateTime,
} from './schemas.js';
import type { COMMON_ISSUES } from '../../errors.js';
import { isSupportedCurrency } from '../../money.js';
import type { REPORTING_ISSUES } from './issues.js';

/**
 * The query parameters of spec 4.11 as zod schemas: each rule a check that names its parameter with a
 * precise issue (the pipeline turns them into 400 `details[]`). Rules between parameters (the range of
 * the dates, the history limit) need the clock and live in the host's service.
 */

type Issue = keyof typeof COMMON_ISSUES | keyof typeof REPORTING_ISSUES;

type Check = (value: string) => { issue: Issue; message: string } | undefined;

/** One string parameter, given once, checked by `check`. */
function param(check: Check) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? undefined : 'Give the parameter once, as a single value.',
    })
    .superRefine((value, ctx) => {
      const problem = check(value);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: problem.message,
          params: { issue: problem.issue },
          input: value,
        });
    });
}

const dateTime: Check = (value) => {
  const { dateMinLength: min, dateMaxLength: max } = REPORTING_LIMITS;
  if (value.length < min || value.length > max) {
    return {
      issue: 'INVALID_STRING_LENGTH',
      message: `Expected ${min} to ${max} characters, got ${value.length}.`,
    };
  }
  if (parseReportDateTime(value) === undefined) {
    return {
      issue: 'INVALID_PARAMETER_SYNTAX',
      message: 'Expected a date-time with seconds, e.g. 2026-05-01T00:00:00Z or 2026-05-01T00:00:00-0700.',
    };
  }
  return undefined;
};

const integer =
  (min: number, max: number): Check =>
  (value) => {
    if (!/^\d{1,20}$/.test(value))
      return { issue: 'INVALID_PARAMETER_SYNTAX', message: 'Expected a whole number.' };
    const n = Number(value);
    if (n < min) return { issue: 'INVALID_INTEGER_MIN_VALUE', message: `Expected at least ${min}.` };
    if (n > max) return { issue: 'INVALID_INTEGER_MAX_VALUE', message: `Expected at most ${max}.` };
    return undefined;
  };

const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    values.includes(value)
      ? undefined
      : { issue: 'INVALID_PARAMETER_VALUE', message: `Expected one of: ${values.join(', ')}.` };

const currency: Check = (value) => {
  if (!/^[A-Z]{3}$/.test(value))
    return { issue: 'INVALID_PARAMETER_SYNTAX', message: 'Expected a three-letter ISO 4217 code, e.g. USD.' };
  if (!isSupportedCurrency(value))
    return { issue: 'CURRENCY_NOT_SUPPORTED', message: `Currency ${value} is not supported.` };
  return undefined;
};

const transactionId: Check = (value) => {
  if (value.length < 17 || value.length > 19) {
    return {
      issue: 'INVALID_STRING_LENGTH',
      message:
        'Expected 17 to 19 characters: a 17-character transaction or order id, or O- and the order id (19).',
    };
  }
  if (!/^[A-Z0-9-]+$/.test(value))
    return { issue: 'INVALID_PARAMETER_SYNTAX', message: 'Expected capital letters, digits and hyphens.' };
  return undefined;
};

const amountRange: Check = (value) => {
  const range = parseAmountRange(value);
  if (!range) {
    return {
      issue: 'INVALID_AMOUNT_RANGE',
      message:
        'Expected [<low> TO <high>] in the lowest denomination (minor units), e.g. [500 TO 10000], URL-encoded.',
    };
  }
  if (range.low > range.high)
    return {
      issue: 'INVALID_AMOUNT_RANGE',
      message: `The low bound ${range.low} is above the high bound ${range.high}.`,
    };
  return undefined;
};

const fields: Check = (value) => {
  if (value === 'all') return undefined;
  const parts = value.split(',');
  const unknown = parts.filter((p) => !(FIELD_GROUPS as readonly string[]).includes(p));
  if (unknown.length === 0) return undefined;
  return {
    issue: 'INVALID_PARAMETER_VALUE',
    message: `Expected all, or a comma list of ${FIELD_GROUPS.join(', ')}; not ${unknown.map((u) => `"${u}"`).join(', ')}.`,
  };
};

const freeText =
  (max: number): Check =>
  (value) => {
    if (value.length < 1 || value.length > max)
      return { issue: 'INVALID_STRING_LENGTH', message: `Expected 1 to ${max} characters.` };
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value))
      return { issue: 'INVALID_PARAMETER_SYNTAX', message: 'Control characters are not allowed.' };
    return undefined;
  };

/** Anything not listed is a mistake worth a 400 (a misspelt filter would otherwise be ignored silently). */
const unknownParameter = z.any().superRefine((value, ctx) => {
  ctx.addIssue({
    code: 'custom',
    message: 'Unknown query parameter.',
    params: { issue: 'UNKNOWN_FIELD' },
    input: typeof value === 'string' ? value : JSON.stringify(value),
  });
});

export const TransactionSearchQuery = z
  .object({
    start_date: param(dateTime),
    end_date: param(dateTime),
    transaction_id: param(transactionId).optional(),
    transaction_type: param((v) =>
      TRANSACTION_CODE_PATTERN.test(v)
        ? undefined
        : {
            issue: 'INVALID_PARAMETER_SYNTAX',
            message: 'Expected an event code: T and four digits, e.g. T0006.',
          },
    ).optional(),
    transaction_status: param(oneOf(TRANSACTION_STATUSES)).optional(),
    transaction_amount: param(amountRange).optional(),
    transaction_currency: param(currency).optional(),
    payment_instrument_type: param(oneOf(INSTRUMENT_TYPES)).optional(),
    store_id: param(freeText(100)).optional(),
    terminal_id: param(freeText(100)).optional(),
    fields: param(fields).optional(),
    balance_affecting_records_only: param(oneOf(['Y', 'N'])).optional(),
    page_size: param(integer(REPORTING_LIMITS.minPageSize, REPORTING_LIMITS.maxPageSize)).optional(),
    page: param(integer(1, REPORTING_LIMITS.maxPage)).optional(),
  })
  .catchall(unknownParameter);

export const BalancesQuery = z
  .object({
    as_of_time: param(dateTime).optional(),
    currency_code: param(currency).optional(),
  })
  .catchall(unknownParameter);

/** Spec 9.3: `Svc-Enforce-ISO8601-Format` (boolean, default false). */
export const ReportingHeaders = z.object({
  'svc-enforce-iso8601-format': param((v) =>
    /^(true|false)$/i.test(v)
      ? undefined
      : { issue: 'INVALID_PARAMETER_VALUE', message: 'Expected true or false.' },
  ).optional(),
});

/** The parameters that filter (spec 4.11: when any is given, ending_balance is empty). */
export const FILTER_PARAMETERS = [
  'transaction_id',
  'transaction_type',
  'transaction_status',
  'transaction_amount',
  'transaction_currency',
  'payment_instrument_type',
  'store_id',
  'terminal_id',
  'balance_affecting_records_only',
] as const;

export type TransactionSearchParams = z.output<typeof TransactionSearchQuery>;
export type BalancesParams = z.output<typeof BalancesQuery>;
export type ReportingHeaderParams = z.output<typeof ReportingHeaders>;
