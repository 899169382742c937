import {
  DAY_MS,
  HOUR_MS,
  REPORTING_LIMITS,
  checkReportRange,
  parseReportDateTime,
  type FieldGroup,
  type ParameterProblem,
  type TransactionDetail,
} from '../../../../shared/api/reporting';

/** The Reports search form, as the user edits it (dates in UTC, `YYYY-MM-DDTHH:MM:SS`). */
export interface SearchForm {
  start: string;
  end: string;
  transactionId: string;
  type: string;
  status: '' | 'D' | 'P' | 'S' | 'V';
  amountLow: string;
  amountHigh: string;
  currency: string;
  instrument: '' | 'CREDITCARD' | 'DEBITCARD';
  storeId: string;
  terminalId: string;
  fields: 'all' | FieldGroup[];
  balanceAffectingOnly: boolean;
  iso8601: boolean;
}

/** A `datetime-local` value (UTC, seconds) of an epoch time. */
export const toLocalInput = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);

/** The API form of a `datetime-local` value taken as UTC; seconds are added when the browser left them out. */
export function toApiDate(value: string): string {
  const withSeconds = /T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
  return `${withSeconds}Z`;
}

export function defaultForm(nowMs: number): SearchForm {
  return {
    start: toLocalInput(nowMs - 7 * DAY_MS),
    end: toLocalInput(nowMs + HOUR_MS),
    transactionId: '',
    type: '',
    status: '',
    amountLow: '',
    amountHigh: '',
    currency: '',
    instrument: '',
    storeId: '',
    terminalId: '',
    fields: 'all',
    balanceAffectingOnly: true,
    iso8601: false,
  };
}

export interface RangeCheck {
  valid: boolean;
  /** "12 days 4 h of 31 days" or the first problem, in the API's words. */
  text: string;
  problems: ParameterProblem[];
}

function spanText(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / 60_000);
  return `${days} day${days === 1 ? '' : 's'} ${hours} h ${minutes} min`;
}

/** The 31-day and 3-year rules, shown before anything is sent (the same check the API runs). */
export function checkRange(form: Pick<SearchForm, 'start' | 'end'>, nowMs: number): RangeCheck {
  const start = parseReportDateTime(toApiDate(form.start));
  const end = parseReportDateTime(toApiDate(form.end));
  if (start === undefined || end === undefined) {
    return { valid: false, text: 'Give a start and an end date with time (UTC).', problems: [] };
  }
  const problems = checkReportRange(start, end, nowMs);
  if (problems.length > 0)
    return { valid: false, text: problems.map((p) => p.description).join(' '), problems };
  return {
    valid: true,
    text: `${spanText(end - start)} of at most ${REPORTING_LIMITS.maxRangeDays} days`,
    problems,
  };
}

/** The query parameters of the form (only what is set), in the API's names. */
export function searchParams(form: SearchForm, page: number, pageSize: number): Record<string, string> {
  const params: Record<string, string> = { start_date: toApiDate(form.start), end_date: toApiDate(form.end) };
  const set = (name: string, value: string) => {
    if (value.trim() !== '') params[name] = value.trim();
  };
  set('transaction_id', form.transactionId.toUpperCase());
  set('transaction_type', form.type.toUpperCase());
  set('transaction_status', form.status);
  if (form.amountLow.trim() !== '' || form.amountHigh.trim() !== '') {
    params.transaction_amount = `[${form.amountLow.trim() || '-999999999999999'} TO ${form.amountHigh.trim() || '999999999999999'}]`;
  }
  set('transaction_currency', form.currency.toUpperCase());
  set('payment_instrument_type', form.instrument);
  set('store_id', form.storeId);
  set('terminal_id', form.terminalId);
  params.fields =
    form.fields === 'all' ? 'all' : form.fields.length > 0 ? form.fields.join(',') : 'transaction_info';
  if (!form.balanceAffectingOnly) params.balance_affecting_records_only = 'N';
  params.page_size = String(pageSize);
  params.page = String(page);
  return params;
}

export const pathOf = (params: Record<string, string>): string =>
  '/v1/reporting/transactions?' +
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');

const CSV_COLUMNS = [
  'transaction_id',
  'event_code',
  'status',
  'initiation_date',
  'updated_date',
  'currency',
  'amount',
  'fee',
  'ending_balance',
  'subject',
  'invoice_id',
  'custom_field',
  'instrument_type',
  'payer_account_id',
  'payer_email',
  'payer_name',
  'shipping_name',
  'store_id',
  'terminal_id',
  'items',
] as const;

/** RFC 4180 quoting; a leading =, +, - or @ is neutralized so a spreadsheet never runs it as a formula. */
function cell(value: string | undefined): string {
  const text = value ?? '';
  const safe =
    /^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The entries of a search as CSV (header row, then one row per entry). */
export function toCsv(details: readonly TransactionDetail[]): string {
  return CSV_HEADER + csvRows(details);
}

/** The CSV's first line, columns named as the API names the fields. */
export const CSV_HEADER = CSV_COLUMNS.join(',') + '\r\n';

/** One CSV line per transaction (each ending in CRLF): what an export appends page by page. */
export function csvRows(details: readonly TransactionDetail[]): string {
  const lines: string[] = [];
  for (const d of details) {
    const t = d.transaction_info;
    const p = d.payer_info;
    const name = p?.payer_name
      ? [p.payer_name.given_name, p.payer_name.surname].filter(Boolean).join(' ') ||
        p.payer_name.alternate_full_name
      : undefined;
    const items = d.cart_info?.item_details
      .map((i) => `${i.item_quantity} x ${i.item_name} @ ${i.item_unit_price.value}`)
      .join('; ');
    const row = [
      t?.transaction_id,
      t?.transaction_event_code,
      t?.transaction_status,
      t?.transaction_initiation_date,
      t?.transaction_updated_date,
      t?.transaction_amount.currency_code,
      t?.transaction_amount.value,
      t?.fee_amount?.value ?? (t ? '0' : undefined),
      t?.ending_balance?.value,
      t?.transaction_subject,
      t?.invoice_id,
      t?.custom_field,
      t?.instrument_type,
      p?.account_id,
      p?.email_address,
      name,
      d.shipping_info?.name,
      d.store_info?.store_id,
      d.store_info?.terminal_id,
      items,
    ];
    lines.push(row.map(cell).join(',') + '\r\n');
  }
  return lines.join('');
}
