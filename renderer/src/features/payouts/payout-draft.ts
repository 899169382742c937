import { fromMinor, toMinor } from '../../../../shared/money';
import { PAYOUT_LIMITS, payoutFee, RECIPIENT_TYPES } from '../../../../shared/api/payouts';
import type { ApiErrorDetail } from '../../api/api-call';
import { checkHeader, checkItem } from './payout-rules';

/**
 * The create-batch form as data: the header, the item rows (typed in the grid or imported from CSV),
 * each row's problems, the request body, and the API's `details[].field` mapped back onto the rows.
 * Pure, so it is unit-tested without a browser.
 */

/** A batch takes 1..15,000 items (spec 2.12, part 8). */
export const MAX_PAYOUT_ITEMS: number = PAYOUT_LIMITS.maxItems;

export { RECIPIENT_TYPES };

/** The columns of a row, in the order of the grid and of the CSV header. */
export const ITEM_FIELDS = [
  'recipient_type',
  'receiver',
  'amount',
  'currency',
  'note',
  'sender_item_id',
] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

/** The columns a row cannot leave blank. */
export const REQUIRED_COLUMNS: readonly ItemField[] = ['recipient_type', 'receiver', 'amount', 'currency'];

/** A row's problems by column; `row` for what belongs to no one column. */
export type ItemErrors = Partial<Record<ItemField | 'row', string>>;

export interface DraftItem extends Record<ItemField, string> {
  /** Stable across edits and removals (the grid's React key). */
  key: number;
  /** The CSV line the row came from. */
  line?: number;
  /** What the form finds wrong before anything is sent. */
  errors: ItemErrors;
  /** What the API answered about this row on the last send (cleared when the row is edited). */
  apiErrors?: ItemErrors;
}

export const HEADER_FIELDS = ['sender_batch_id', 'email_subject', 'email_message'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];
export type DraftHeader = Record<HeaderField, string>;
export type HeaderErrors = Partial<Record<HeaderField, string>>;

let nextKey = 1;

/** A new row: an e-mail payout in USD unless told otherwise. */
export function newItem(values: Partial<Record<ItemField, string>> = {}, line?: number): DraftItem {
  const item = {
    key: nextKey++,
    ...(line !== undefined ? { line } : {}),
    recipient_type: 'EMAIL',
    receiver: '',
    amount: '',
    currency: 'USD',
    note: '',
    sender_item_id: '',
    ...values,
    errors: {},
  };
  return { ...item, errors: validateItem(item) };
}

/** The row with one column changed, checked again; the API's word on it no longer applies. */
export function editItem(item: DraftItem, field: ItemField, value: string): DraftItem {
  const next = { ...item, [field]: value };
  delete next.apiErrors;
  return { ...next, errors: validateItem(next) };
}

/**
 * A row's problems: what the API's schema and initial scan say of it (`payout-rules.ts`), with a plain
 * "Required." for a blank column.
 */
export function validateItem(item: Record<ItemField, string>): ItemErrors {
  const errors: ItemErrors = { ...checkItem(toRequestItem(item)) };
  for (const column of REQUIRED_COLUMNS) if (!item[column].trim()) errors[column] = 'Required.';
  return errors;
}

export const hasErrors = (errors: ItemErrors | HeaderErrors | undefined): boolean =>
  !!errors && Object.keys(errors).length > 0;

export const isInvalid = (item: DraftItem): boolean => hasErrors(item.errors);

export function validateHeader(header: DraftHeader): HeaderErrors {
  return checkHeader(toRequestHeader(header));
}

/** Positions (0-based) of the rows with problems. */
export function invalidRows(items: readonly DraftItem[]): number[] {
  const rows: number[] = [];
  items.forEach((item, index) => {
    if (isInvalid(item)) rows.push(index);
  });
  return rows;
}

// ---- the request -------------------------------------------------------------------------------------

export interface PayoutItemRequest {
  recipient_type: string;
  amount: { value: string; currency: string };
  receiver: string;
  note?: string;
  sender_item_id?: string;
}

export interface CreatePayoutRequest {
  sender_batch_header: { sender_batch_id: string; email_subject?: string; email_message?: string };
  items: PayoutItemRequest[];
}

/** A decimal amount as the currency writes it ("10.5" USD is "10.50"), when it is one. */
function canonical(value: string, currency: string): string {
  try {
    return fromMinor(toMinor(value, currency), currency);
  } catch {
    return value;
  }
}

export function toRequestItem(item: Record<ItemField, string>): PayoutItemRequest {
  const currency = item.currency.trim();
  const note = item.note;
  const senderItemId = item.sender_item_id.trim();
  return {
    recipient_type: item.recipient_type.trim(),
    amount: { value: canonical(item.amount.trim(), currency), currency },
    receiver: item.receiver.trim(),
    ...(note.trim() ? { note } : {}),
    ...(senderItemId ? { sender_item_id: senderItemId } : {}),
  };
}

function toRequestHeader(header: DraftHeader): CreatePayoutRequest['sender_batch_header'] {
  return {
    sender_batch_id: header.sender_batch_id.trim(),
    ...(header.email_subject.trim() ? { email_subject: header.email_subject.trim() } : {}),
    ...(header.email_message.trim() ? { email_message: header.email_message.trim() } : {}),
  };
}

/** The body of `POST /v1/payments/payouts`: the rows in grid order, so `items/<n>` is grid row n. */
export function buildCreateRequest(header: DraftHeader, items: readonly DraftItem[]): CreatePayoutRequest {
  return { sender_batch_header: toRequestHeader(header), items: items.map(toRequestItem) };
}

/** A `sender_batch_id` no earlier batch used: the date and a random suffix. */
export function newSenderBatchId(now = new Date(), random = Math.random): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `Payouts_${day}_${suffix}`;
}

/** What the rows add up to per currency, and the fees the sandbox's schedule charges on top. */
export interface DraftTotal {
  currency: string;
  amount: string;
  fees: string;
  count: number;
}

/** One row's amount and fee in minor units, or null when it does not parse (kept per row object). */
const contributions = new WeakMap<object, { currency: string; amount: bigint; fee: bigint } | null>();

export function contributionOf(item: Record<ItemField, string>) {
  let known = contributions.get(item);
  if (known !== undefined) return known;
  const currency = item.currency.trim();
  try {
    const amount = toMinor(item.amount.trim(), currency);
    known = amount > 0n ? { currency, amount, fee: payoutFee(amount, currency) } : null;
  } catch {
    // An invalid row: its own error says so.
    known = null;
  }
  contributions.set(item, known);
  return known;
}

/**
 * The rows' amounts and fees per currency, exactly (rows that do not parse count nothing). Each row's
 * share is worked out once per row object, so an edit in a 15,000-row grid only adds up.
 */
export function draftTotals(items: readonly Record<ItemField, string>[]): DraftTotal[] {
  const sums = new Map<string, { amount: bigint; fees: bigint; count: number }>();
  for (const item of items) {
    const share = contributionOf(item);
    if (!share) continue;
    const sum = sums.get(share.currency) ?? { amount: 0n, fees: 0n, count: 0 };
    sum.amount += share.amount;
    sum.fees += share.fee;
    sum.count++;
    sums.set(share.currency, sum);
  }
  return [...sums].map(([currency, sum]) => ({
    currency,
    amount: fromMinor(sum.amount, currency),
    fees: fromMinor(sum.fees, currency),
    count: sum.count,
  }));
}

// ---- the API's answer, back onto the form -----------------------------------------------------------

/** Where an error `field` points: `/items/3/amount/value`, `items[3].amount.value`, `items.3.amount`. */
export function fieldPath(field: string): string[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[/.]/)
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The grid column an item's sub-path belongs to. */
function itemColumn(path: readonly string[]): ItemField | 'row' {
  const [head, sub] = path;
  if (head === 'amount') return sub === 'currency' ? 'currency' : 'amount';
  return (ITEM_FIELDS as readonly string[]).includes(head ?? '') ? (head as ItemField) : 'row';
}

const describe = (detail: ApiErrorDetail): string =>
  [
    detail.description ?? detail.issue ?? 'Refused.',
    detail.description && detail.issue ? `(${detail.issue})` : '',
  ]
    .filter(Boolean)
    .join(' ');

export interface MappedApiErrors {
  header: HeaderErrors;
  /** Row position (as sent) -> its problems. */
  items: Map<number, ItemErrors>;
  /** Details that name no row or header field (shown in the error alert only). */
  other: ApiErrorDetail[];
}

/** The API's `details[]` as problems of the header fields and of the rows they name. */
export function mapApiErrors(details: readonly ApiErrorDetail[], rowCount: number): MappedApiErrors {
  const mapped: MappedApiErrors = { header: {}, items: new Map(), other: [] };
  for (const detail of details) {
    const path = fieldPath(detail.field ?? '');
    const [head, index, ...rest] = path;
    if (head === 'items' && index !== undefined && /^\d+$/.test(index) && Number(index) < rowCount) {
      const row = Number(index);
      const errors = mapped.items.get(row) ?? {};
      const column = itemColumn(rest);
      errors[column] = errors[column] ? `${errors[column]} ${describe(detail)}` : describe(detail);
      mapped.items.set(row, errors);
    } else if (head === 'sender_batch_header' && (HEADER_FIELDS as readonly string[]).includes(index ?? '')) {
      mapped.header[index as HeaderField] = describe(detail);
    } else {
      mapped.other.push(detail);
    }
  }
  return mapped;
}

/** The rows with the API's problems attached (and earlier API problems dropped). */
export function withApiErrors(items: readonly DraftItem[], mapped: MappedApiErrors): DraftItem[] {
  return items.map((item, index) => {
    const apiErrors = mapped.items.get(index);
    if (!apiErrors && !item.apiErrors) return item;
    const next = { ...item };
    delete next.apiErrors;
    return apiErrors ? { ...next, apiErrors } : next;
  });
}
