import type { InvoiceSearch } from '../../../../shared/api/invoicing/schemas.js';
import { INVOICE_LIMITS } from '../../../../shared/api/invoicing/schemas.js';
import { exponentOf } from '../../../../shared/money.js';
import type { Store } from '../../../store/store.js';
import type { Link } from '../../pipeline/links.js';
import { pageLinks, pageOffset, readPage, type PageLinkRule } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import { datePart } from './dates.js';
import { appInvoices } from './invoice-queries.js';
import type { StoredInvoice } from './types.js';
import { INVOICES_PATH, dueDate, listedInvoiceView } from './views.js';

/** Next where there is one; previous past the first page, from past the end back to the last page. */
const INVOICE_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'next' },
  { step: 'prev', rel: 'previous', clampToLast: true },
];

/**
 * The list (`GET /v1/invoicing/invoices`, spec 4.12: `page` from 1, `page_size` default 20, links `next`
 * and `previous`) and the search (`POST /v1/invoicing/search`, the platform's body: `page` is a
 * zero-based start index there). Both show an invoice without its items, newest first.
 */

/** A decimal string compared with minor units of a currency, exactly (`"10.5"` vs 1050n in USD). */
function compareDecimal(text: string, minor: bigint, exponent: number): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const places = Math.max(fraction.length, exponent);
  const left = BigInt((whole || '0') + fraction.padEnd(places, '0')) * (negative ? -1n : 1n);
  const right = minor * 10n ** BigInt(places - exponent);
  return left < right ? -1 : left > right ? 1 : 0;
}

const startsWith = (value: string | undefined, prefix: string | undefined): boolean =>
  prefix === undefined || (value ?? '').toLowerCase().startsWith(prefix.toLowerCase());

const inRange = (date: string | undefined, from: string | undefined, to: string | undefined): boolean => {
  if (from === undefined && to === undefined) return true;
  if (!date) return false;
  return (from === undefined || date >= datePart(from)) && (to === undefined || date <= datePart(to));
};

/** Whether `invoice` matches every criterion of the search. */
export function matches(invoice: StoredInvoice, search: InvoiceSearch): boolean {
  const body = invoice.body;
  const recipient = body.billing_info[0];
  const exponent = exponentOf(invoice.internal.currency);
  const total = BigInt(invoice.internal.total_minor);
  const paymentDates = (body.payments ?? []).map((p) => datePart(p.date));
  return (
    (search.status === undefined ||
      search.status.length === 0 ||
      search.status.includes(invoice.status as never)) &&
    startsWith(recipient?.email, search.email) &&
    startsWith(recipient?.first_name, search.recipient_first_name) &&
    startsWith(recipient?.last_name, search.recipient_last_name) &&
    startsWith(recipient?.business_name, search.recipient_business_name) &&
    (search.number === undefined || body.number.toLowerCase().includes(search.number.toLowerCase())) &&
    (search.lower_total_amount === undefined ||
      compareDecimal(search.lower_total_amount, total, exponent) <= 0) &&
    (search.upper_total_amount === undefined ||
      compareDecimal(search.upper_total_amount, total, exponent) >= 0) &&
    inRange(datePart(body.invoice_date ?? ''), search.start_invoice_date, search.end_invoice_date) &&
    inRange(dueDate(invoice), search.start_due_date, search.end_due_date) &&
    inRange(invoice.create_time.slice(0, 10), search.start_creation_date, search.end_creation_date) &&
    (search.start_payment_date === undefined && search.end_payment_date === undefined
      ? true
      : paymentDates.some((d) => inRange(d, search.start_payment_date, search.end_payment_date)))
  );
}

export interface InvoiceList {
  total_count?: number;
  invoices: Record<string, unknown>[];
  links: Link[];
}

export function listInvoices(
  store: Store,
  query: {
    page?: number | undefined;
    page_size?: number | undefined;
    total_count_required?: boolean | undefined;
  },
  ctx: RequestContext,
): InvoiceList {
  const request = readPage(query, {
    defaultPageSize: INVOICE_LIMITS.defaultPageSize,
    totalParam: 'total_count_required',
  });
  const all = appInvoices(store, ctx.app.id);
  const offset = pageOffset(request);
  const shown = all.slice(offset, offset + request.pageSize);
  return {
    ...(request.totalRequired ? { total_count: all.length } : {}),
    invoices: shown.map((invoice) => listedInvoiceView(invoice, ctx.baseUrl)),
    links: pageLinks({
      baseUrl: ctx.baseUrl,
      path: INVOICES_PATH,
      request,
      total: all.length,
      params: {
        page: request.page,
        page_size: request.pageSize,
        total_count_required: request.totalRequired,
      },
      rules: INVOICE_PAGE_LINKS,
    }),
  };
}

export function searchInvoices(store: Store, search: InvoiceSearch, ctx: RequestContext): InvoiceList {
  const start = search.page ?? 0;
  const size = search.page_size ?? INVOICE_LIMITS.defaultPageSize;
  const found = appInvoices(store, ctx.app.id).filter((invoice) => matches(invoice, search));
  return {
    ...(search.total_count_required ? { total_count: found.length } : {}),
    invoices: found.slice(start, start + size).map((invoice) => listedInvoiceView(invoice, ctx.baseUrl)),
    links: [],
  };
}
