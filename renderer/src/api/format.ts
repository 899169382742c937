import { fromMinor, isSupportedCurrency } from '../../../shared/money';

/**
 * How API values read in the workbench: the one place times and money are turned into text. Pure, so
 * views and their models share it without the bridge.
 */

/** How precise a time is shown: with milliseconds (logs, events), or without the date on `today`. */
export interface TimeFormat {
  milliseconds?: boolean;
  /** A `YYYY-MM-DD` day (the simulated clock's): a time on that day shows only its time of day. */
  today?: string;
}

/**
 * Every time in the workbench reads alike, in UTC as the API gives it: `2025-01-02T03:04:05.678Z` →
 * `2025-01-02 03:04:05 UTC`, `03:04:05.678 UTC` on `today` with milliseconds. Simulated time is shown
 * as the API states it; where the host also recorded the real time, it goes in the hover.
 */
export function formatTime(iso: string | null | undefined, format: TimeFormat = {}): string {
  if (!iso) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(iso);
  if (!match) return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
  const [, date = '', time = '', fraction = ''] = match;
  const milliseconds = format.milliseconds ? `.${fraction.slice(1, 4).padEnd(3, '0')}` : '';
  return `${format.today === date ? '' : `${date} `}${time}${milliseconds} UTC`;
}

/**
 * Digits grouped by thousands in a decimal string, exactly as given otherwise (no float on the way):
 * `-1234567.50` → `-1,234,567.50`. Text that is not a plain decimal is returned as it is.
 */
export function groupDigits(decimal: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal);
  if (!match) return decimal;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction}`;
}

/** One formatter for every count: `toLocaleString` looks its formatter up again at each call. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A count as every page shows counts: `222517` → `222,517`. */
export const formatCount = (count: number): string => COUNT_FORMAT.format(count);

/** `{currency_code: 'USD', value: '1234.00'}` → `1,234.00 USD`; a dash when there is no value. */
export function formatMoney(money: { currency_code?: string; value?: string } | undefined): string {
  if (!money?.value) return '—';
  return `${groupDigits(money.value)} ${money.currency_code ?? ''}`.trim();
}

/**
 * Minor units as money: `1234n, 'USD'` → `12.34 USD`; a dash when there is no amount (a draft that does
 * not parse yet) or the currency is not one the sandbox knows.
 */
export function formatMinor(minor: bigint | undefined, currency: string): string {
  if (minor === undefined || !isSupportedCurrency(currency)) return '—';
  return `${groupDigits(fromMinor(minor, currency))} ${currency}`;
}
