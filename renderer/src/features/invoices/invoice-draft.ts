import {
  checkInvoice,
  InvoiceRequestSchema,
  type InvoiceProblem,
  type InvoiceRequest,
  type InvoiceTotals,
  type PaymentTermType,
} from '../../../../shared/api/invoicing';
import type { InvoiceView } from './invoices-api';

/**
 * The invoice form's draft: text as typed, turned into a request the same way the API reads it. The
 * schema and the rules are the shared ones (`shared/api/invoicing`), so the form shows the API's own
 * problems and computes the API's own totals, to the cent, while the user types.
 */

export interface ItemDraft {
  name: string;
  quantity: string;
  unitPrice: string;
  taxName: string;
  taxPercent: string;
}

export interface InvoiceDraft {
  number: string;
  recipientEmail: string;
  firstName: string;
  lastName: string;
  currency: string;
  items: ItemDraft[];
  discountPercent: string;
  shipping: string;
  taxInclusive: boolean;
  taxAfterDiscount: boolean;
  allowPartial: boolean;
  minimumDue: string;
  allowTip: boolean;
  termType: PaymentTermType | '';
  dueDate: string;
  reference: string;
  note: string;
  terms: string;
}

export const emptyItem = (): ItemDraft => ({
  name: '',
  quantity: '1',
  unitPrice: '',
  taxName: '',
  taxPercent: '',
});

export const emptyDraft = (): InvoiceDraft => ({
  number: '',
  recipientEmail: 'buyer@example.com',
  firstName: '',
  lastName: '',
  currency: 'USD',
  items: [emptyItem()],
  discountPercent: '',
  shipping: '',
  taxInclusive: false,
  taxAfterDiscount: false,
  allowPartial: false,
  minimumDue: '',
  allowTip: false,
  termType: 'NET_30',
  dueDate: '',
  reference: '',
  note: '',
  terms: '',
});

/** A draft of an existing invoice, for its edit form. */
export function draftOf(invoice: InvoiceView): InvoiceDraft {
  const recipient = invoice.billing_info[0];
  const customDue = invoice.payment_term?.term_type === 'DUE_ON_DATE_SPECIFIED';
  return {
    number: invoice.number,
    recipientEmail: recipient?.email ?? '',
    firstName: recipient?.first_name ?? '',
    lastName: recipient?.last_name ?? '',
    currency: invoice.total_amount.currency,
    items: (invoice.items ?? []).map((item) => ({
      name: item.name,
      quantity: String(item.quantity),
      unitPrice: item.unit_price.value,
      taxName: item.tax?.name ?? '',
      taxPercent: item.tax ? String(item.tax.percent) : '',
    })),
    discountPercent: invoice.discount?.percent !== undefined ? String(invoice.discount.percent) : '',
    shipping: invoice.shipping_cost?.amount?.value ?? '',
    taxInclusive: invoice.tax_inclusive ?? false,
    taxAfterDiscount: invoice.tax_calculated_after_discount ?? false,
    allowPartial: invoice.allow_partial_payment ?? false,
    minimumDue: invoice.minimum_amount_due?.value ?? '',
    allowTip: invoice.allow_tip ?? false,
    termType: customDue ? '' : (invoice.payment_term?.term_type ?? ''),
    dueDate: customDue ? (invoice.payment_term?.due_date ?? '').slice(0, 10) : '',
    reference: invoice.reference ?? '',
    note: invoice.note ?? '',
    terms: invoice.terms ?? '',
  };
}

/** A number as typed, or NaN (the schema then names the field). */
const numberOf = (text: string): number => (text.trim() === '' ? NaN : Number(text.trim()));
const money = (currency: string, value: string) => ({ currency, value: value.trim() });
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The request the draft makes; `merchantInfo` is kept from the invoice being edited. */
export function requestOf(draft: InvoiceDraft, merchantInfo: InvoiceRequest['merchant_info'] = {}): unknown {
  const c = draft.currency;
  return {
    ...(optional(draft.number) ? { number: draft.number.trim() } : {}),
    merchant_info: merchantInfo,
    billing_info: [
      {
        ...(optional(draft.recipientEmail) ? { email: draft.recipientEmail.trim() } : {}),
        ...(optional(draft.firstName) ? { first_name: draft.firstName.trim() } : {}),
        ...(optional(draft.lastName) ? { last_name: draft.lastName.trim() } : {}),
      },
    ],
    items: draft.items.map((item) => ({
      name: item.name.trim(),
      quantity: numberOf(item.quantity),
      unit_price: money(c, item.unitPrice),
      ...(optional(item.taxPercent) || optional(item.taxName)
        ? { tax: { name: item.taxName.trim() || 'Tax', percent: numberOf(item.taxPercent) } }
        : {}),
    })),
    ...(optional(draft.discountPercent) ? { discount: { percent: numberOf(draft.discountPercent) } } : {}),
    ...(optional(draft.shipping) ? { shipping_cost: { amount: money(c, draft.shipping) } } : {}),
    tax_inclusive: draft.taxInclusive,
    tax_calculated_after_discount: draft.taxAfterDiscount,
    allow_partial_payment: draft.allowPartial,
    ...(draft.allowPartial && optional(draft.minimumDue)
      ? { minimum_amount_due: money(c, draft.minimumDue) }
      : {}),
    allow_tip: draft.allowTip,
    ...(draft.termType
      ? { payment_term: { term_type: draft.termType } }
      : optional(draft.dueDate)
        ? { payment_term: { due_date: draft.dueDate.trim() } }
        : {}),
    ...(optional(draft.reference) ? { reference: draft.reference.trim() } : {}),
    ...(optional(draft.note) ? { note: draft.note } : {}),
    ...(optional(draft.terms) ? { terms: draft.terms } : {}),
  };
}

export interface DraftCheck {
  request?: InvoiceRequest;
  /** The API's problems with it: schema first, then the rules. Fields are JSON pointers. */
  problems: InvoiceProblem[];
  totals?: InvoiceTotals;
}

/** Checks the draft exactly as the API would (schema, then the rules) and computes its totals. */
export function checkDraft(draft: InvoiceDraft, merchantInfo?: InvoiceRequest['merchant_info']): DraftCheck {
  const parsed = InvoiceRequestSchema.safeParse(requestOf(draft, merchantInfo));
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => ({
        issue: 'INVALID_PARAMETER_VALUE',
        field: '/' + issue.path.join('/'),
        description: issue.message,
      })),
    };
  }
  const { problems, totals } = checkInvoice(parsed.data);
  return { request: parsed.data, problems, ...(problems.length === 0 ? { totals } : {}) };
}

/** A field's label in the form, for a problem's pointer (`/items/2/unit_price/value` -> `Item 3 price`). */
export function describeField(field: string): string {
  const item = /^\/items\/(\d+)\/(\w+)/.exec(field);
  if (item) {
    const what =
      { name: 'name', quantity: 'quantity', unit_price: 'price', tax: 'tax' }[item[2] ?? ''] ?? item[2];
    return `Item ${Number(item[1]) + 1} ${what}`;
  }
  const names: Record<string, string> = {
    '/billing_info/0/email': 'Recipient e-mail',
    '/number': 'Number',
    '/discount': 'Discount',
    '/shipping_cost/amount/value': 'Shipping',
    '/minimum_amount_due': 'Minimum due',
    '/minimum_amount_due/value': 'Minimum due',
    '/payment_term': 'Payment term',
    '/payment_term/due_date': 'Due date',
    '/reference': 'Reference',
    '/note': 'Note',
    '/terms': 'Terms',
  };
  return names[field] ?? Object.entries(names).find(([k]) => field.startsWith(k))?.[1] ?? field;
}
