import type { PaymentTermType } from './schemas.js';

/** Days a payment term gives after the invoice date (none for `NO_DUE_DATE` and a date of one's own). */
export const TERM_DAYS: Readonly<Partial<Record<PaymentTermType, number>>> = {
  DUE_ON_RECEIPT: 0,
  NET_10: 10,
  NET_15: 15,
  NET_30: 30,
  NET_45: 45,
  NET_60: 60,
  NET_90: 90,
};

const DAY_MS = 86_400_000;

/**
 * The due date (`yyyy-MM-dd`) of an invoice: the date given, or its term counted from the invoice date
 * (`yyyy-MM-dd`, a zone after it is ignored); undefined for none.
 */
export function dueDateOf(
  invoiceDate: string,
  term: { term_type?: PaymentTermType | undefined; due_date?: string | undefined } | undefined,
): string | undefined {
  if (term?.due_date) return term.due_date.slice(0, 10);
  const days = term?.term_type ? TERM_DAYS[term.term_type] : undefined;
  const start = Date.parse(invoiceDate.slice(0, 10) + 'T00:00:00Z');
  if (days === undefined || Number.isNaN(start)) return undefined;
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}
