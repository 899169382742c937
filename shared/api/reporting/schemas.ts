import { z } from 'zod';
import type { Money } from '../../money.js';
import type { PayerInfo } from '../../ledger/payer-info.js';
import type { TransactionStatus } from '../../ledger/transaction-status.js';
import { DAY_MS } from '../../time-units.js';

// The ledger's own vocabulary, which the reports show as it is.
export * from '../../ledger/payer-info.js';
export * from '../../ledger/transaction-status.js';
export * from '../../time-units.js';

/**
 * Transaction search and balances (spec 2.15, 3, 4.11, 8, 9.3): the limits, the two date-time formats
 * and the response shapes. Pure, so the Reports page checks a date range with the same rule and the
 * same words as the API before it sends anything.
 */

export const REPORTING_LIMITS = {
  /** A search covers at most 31 days (spec part 8). */
  maxRangeDays: 31,
  /** Nothing older than 3 years can be searched or balanced (spec part 8). */
  historyYears: 3,
  dateMinLength: 20,
  dateMaxLength: 64,
  minPageSize: 1,
  maxPageSize: 500,
  defaultPageSize: 100,
  maxPage: 2_147_483_647,
  /** Executed transactions may take up to 3 hours to appear (spec part 8). */
  maxVisibilityDelaySeconds: 3 * 3600,
} as const;

export const MAX_RANGE_MS = REPORTING_LIMITS.maxRangeDays * DAY_MS;

export const FIELD_GROUPS = [
  'transaction_info',
  'payer_info',
  'shipping_info',
  'auction_info',
  'cart_info',
  'incentive_info',
  'store_info',
] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export const INSTRUMENT_TYPES = ['CREDITCARD', 'DEBITCARD'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

// ---- date-times ---------------------------------------------------------------------------------

/**
 * The two date-time formats of spec 9.3, chosen by `Svc-Enforce-ISO8601-Format`:
 * - `legacy` (header absent or false): `2026-05-15T12:00:00+0000`, UTC with a four-digit offset.
 * - `iso` (header true): RFC 3339 / ISO 8601, `2026-05-15T12:00:00Z`.
 * Requests may use either form (and any offset); answers use the selected one, in UTC.
 */
export type ReportDateFormat = 'legacy' | 'iso';

/** Date, time with seconds (required), optional fraction, and a zone: `Z`, `+hh:mm` or `+hhmm`. */
export const REPORT_DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/** Epoch milliseconds of a report date-time, or undefined when it is not one (wrong form or no such date). */
export function parseReportDateTime(text: string): number | undefined {
  const match = REPORT_DATE_TIME_PATTERN.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 April over into May: a date that does not round-trip does not exist.
  if (new Date(utc).getUTCDate() !== day || year < 1000) return undefined;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (oh * 60 + om) * (zone.startsWith('-') ? -1 : 1);
  }
  const millis = fraction ? Number(fraction.slice(1, 4).padEnd(3, '0')) : 0;
  return utc + millis - offsetMinutes * 60_000;
}

/** A time in the selected format, UTC, whole seconds. */
export function formatReportDateTime(epochMs: number, format: ReportDateFormat): string {
  const iso = new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  return format === 'iso' ? iso : iso.replace('Z', '+0000');
}

/** A problem with one query parameter, in the words the API and the UI both show. */
export interface ParameterProblem {
  field: string;
  issue: 'DATE_RANGE_REVERSED' | 'DATE_RANGE_TOO_LONG' | 'DATE_BEYOND_HISTORY';
  description: string;
}

/** The earliest time that can still be searched or balanced at `nowMs`: three years back. */
export function historyStart(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(
    now.getUTCFullYear() - REPORTING_LIMITS.historyYears,
    now.getUTCMonth(),
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  );
}

/** The range rules of spec 4.11 and part 8 between two parsed dates (the syntax is checked before). */
export function checkReportRange(startMs: number, endMs: number, nowMs: number): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  if (startMs < historyStart(nowMs)) {
    problems.push({
      field: 'start_date',
      issue: 'DATE_BEYOND_HISTORY',
      description: `start_date is more than ${REPORTING_LIMITS.historyYears} years ago; the earliest is ${formatReportDateTime(historyStart(nowMs), 'iso')}.`,
    });
  }
  if (endMs < startMs) {
    problems.push({
      field: 'end_date',
      issue: 'DATE_RANGE_REVERSED',
      description: 'end_date is before start_date.',
    });
  } else if (endMs - startMs > MAX_RANGE_MS) {
    const days = (endMs - startMs) / DAY_MS;
    problems.push({
      field: 'end_date',
      issue: 'DATE_RANGE_TOO_LONG',
      description: `start_date and end_date are ${days.toFixed(2)} days apart; at most ${REPORTING_LIMITS.maxRangeDays} days are allowed.`,
    });
  }
  return problems;
}

/** `[<low> TO <high>]` in minor units (the lowest denomination), either bound may be negative. */
export const AMOUNT_RANGE_PATTERN = /^\[(-?\d{1,30}) TO (-?\d{1,30})\]$/;

export function parseAmountRange(text: string): { low: bigint; high: bigint } | undefined {
  const match = AMOUNT_RANGE_PATTERN.exec(text);
  if (!match) return undefined;
  return { low: BigInt(match[1] ?? '0'), high: BigInt(match[2] ?? '0') };
}

// ---- responses ----------------------------------------------------------------------------------

export interface TransactionInfo {
  svc_account_id: string;
  transaction_id: string;
  transaction_event_code: string;
  transaction_initiation_date: string;
  transaction_updated_date: string;
  transaction_amount: Money;
  fee_amount?: Money;
  transaction_status: TransactionStatus;
  transaction_subject?: string;
  /** Only when the search has no filter parameter (spec 4.11). */
  ending_balance?: Money;
  invoice_id?: string;
  custom_field?: string;
  protection_eligibility?: '01' | '02';
  instrument_type?: InstrumentType;
  decline_code?: string;
  /** The resource the transaction belongs to (a subscription's id for its payments), and its type. */
  svc_reference_id?: string;
  svc_reference_id_type?: 'SUB';
}

export interface CartItem {
  item_code?: string;
  item_name: string;
  item_description?: string;
  item_quantity: string;
  item_unit_price: Money;
  item_amount: Money;
  total_item_amount: Money;
  invoice_number?: string;
}

export interface TransactionDetail {
  transaction_info?: TransactionInfo;
  payer_info?: PayerInfo;
  shipping_info?: { name?: string };
  cart_info?: { item_details: CartItem[] };
  store_info?: { store_id?: string; terminal_id?: string };
  auction_info?: Record<string, never>;
  incentive_info?: Record<string, never>;
}

export interface ReportLink {
  href: string;
  rel: string;
  method: string;
}

/** Spec 2.15, exactly. */
export interface TransactionSearchResponse {
  transaction_details: TransactionDetail[];
  start_date: string;
  end_date: string;
  last_refreshed_datetime: string;
  page: number;
  total_items: number;
  total_pages: number;
  links: ReportLink[];
}

/**
 * One currency of `GET /v1/reporting/balances` (the spec leaves the shape open): the balance is the sum
 * of the ledger's balance-affecting entries up to `as_of_time`; `withheld_balance` is the part still
 * pending (status P), `available_balance` the rest.
 */
export interface CurrencyBalance {
  currency: string;
  primary: boolean;
  total_balance: Money;
  available_balance: Money;
  withheld_balance: Money;
}

export interface BalancesResponse {
  balances: CurrencyBalance[];
  account_id: string;
  as_of_time: string;
  last_refresh_time: string;
}

// ---- bulk history (test helper) -----------------------------------------------------------------

export const GENERATE_LIMITS = { maxEntries: 2_000_000, maxDays: 1095 } as const;

export const GenerateHistorySchema = z.object({
  /** How many ledger entries to write. */
  entries: z.number().int().min(1).max(GENERATE_LIMITS.maxEntries),
  /** Spread over this many days before `end_time` (at most 3 years). */
  days: z.number().int().min(1).max(GENERATE_LIMITS.maxDays).default(31),
  end_time: z.iso.datetime({ offset: true }).optional(),
  currencies: z
    .array(z.string().regex(/^[A-Z]{3}$/, 'Expected a three-letter ISO 4217 currency code.'))
    .min(1)
    .max(12)
    .optional(),
  /** Same seed, same history (ids aside). */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});
export type GenerateHistoryRequest = z.input<typeof GenerateHistorySchema>;

export interface GenerationJob {
  id: string;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
  entries_requested: number;
  entries_written: number;
  days: number;
  start_time: string;
  end_time: string;
  currencies: string[];
  started_at: string;
  finished_at?: string;
  elapsed_ms: number;
  entries_per_second: number;
  error?: string;
  links: ReportLink[];
}

export const ReportingSettingsSchema = z.object({
  visibility_delay_seconds: z.number().int().min(0).max(REPORTING_LIMITS.maxVisibilityDelaySeconds),
});

export interface ReportingSettings {
  visibility_delay_seconds: number;
}
