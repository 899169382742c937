import { checkInvoice, invoiceMoney } from '../../../../shared/api/invoicing/invoice-rules.js';
import {
  invoiceMachine,
  type InvoiceStatus,
  type InvoiceTrigger,
} from '../../../../shared/api/invoicing/machines.js';
import { legalTriggers } from '../../../../shared/machines/machine.js';
import { defineResourceKind } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import { dueDateOf, zoneOf } from './dates.js';
import type { InvoiceBody, StoredInvoice } from './types.js';

export const INVOICES_PATH = '/v1/invoicing/invoices';
/** The customer's view of an invoice (the platform's `payer_view_url`). */
export const PAYER_VIEW_PATH = '/invoice/payerView/details';
export const payerViewPath = (id: string): string => `${PAYER_VIEW_PATH}/${encodeURIComponent(id)}`;

/**
 * An invoice as the API shows it (spec 2.11): what the merchant wrote, with every computed amount (each
 * tax, the discounts, the total), the due date of its term, its payments and refunds and their sums,
 * and the audit metadata with the customer's URL.
 */
export function invoiceView(invoice: StoredInvoice, baseUrl: string): Record<string, unknown> {
  const { id, number, status, metadata, payments, refunds, ...request } = invoice.body;
  const { totals } = checkInvoice(request);
  const currency = totals.currency;
  const m = (minor: bigint) => invoiceMoney(minor, currency);
  const invoiceDate = request.invoice_date ?? '';
  const due = dueDateOf(invoiceDate, request.payment_term);
  const items = request.items?.map((item, index) => {
    const line = totals.items[index];
    return {
      ...item,
      ...(item.tax
        ? { tax: { name: item.tax.name, percent: item.tax.percent, amount: m(line?.tax ?? 0n) } }
        : {}),
      ...(item.discount
        ? {
            discount: {
              ...item.discount,
              ...(item.discount.amount ? {} : { amount: m(line?.discount ?? 0n) }),
            },
          }
        : {}),
    };
  });
  const shippingTax = request.shipping_cost?.tax;
  const internal = invoice.internal;
  const paidSvc = BigInt(internal.paid_svc_minor);
  const paidOther = BigInt(internal.paid_other_minor);
  const refunded = BigInt(internal.refunded_minor);
  return {
    id,
    number,
    status,
    merchant_info: request.merchant_info,
    billing_info: request.billing_info,
    ...(request.shipping_info ? { shipping_info: request.shipping_info } : {}),
    ...(request.cc_info ? { cc_info: request.cc_info } : {}),
    ...(items ? { items } : {}),
    invoice_date: invoiceDate,
    ...(request.payment_term || due
      ? {
          payment_term: {
            term_type:
              request.payment_term?.term_type ??
              (request.payment_term?.due_date ? 'DUE_ON_DATE_SPECIFIED' : 'NO_DUE_DATE'),
            ...(due ? { due_date: `${due} ${zoneOf(request.payment_term?.due_date ?? invoiceDate)}` } : {}),
          },
        }
      : {}),
    ...(request.reference !== undefined ? { reference: request.reference } : {}),
    ...(request.discount
      ? {
          discount: {
            ...request.discount,
            ...(request.discount.amount ? {} : { amount: m(totals.discount) }),
          },
        }
      : {}),
    ...(request.shipping_cost
      ? {
          shipping_cost: {
            ...(request.shipping_cost.amount ? { amount: request.shipping_cost.amount } : {}),
            ...(shippingTax
              ? {
                  tax: {
                    name: shippingTax.name,
                    percent: shippingTax.percent,
                    amount: m(totals.shippingTax),
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(request.custom ? { custom: request.custom } : {}),
    allow_partial_payment: request.allow_partial_payment ?? false,
    ...(request.minimum_amount_due ? { minimum_amount_due: request.minimum_amount_due } : {}),
    tax_calculated_after_discount: request.tax_calculated_after_discount ?? false,
    tax_inclusive: request.tax_inclusive ?? false,
    ...(request.terms !== undefined ? { terms: request.terms } : {}),
    ...(request.note !== undefined ? { note: request.note } : {}),
    ...(request.merchant_memo !== undefined ? { merchant_memo: request.merchant_memo } : {}),
    ...(request.logo_url !== undefined ? { logo_url: request.logo_url } : {}),
    allow_tip: request.allow_tip ?? false,
    ...(request.template_id !== undefined ? { template_id: request.template_id } : {}),
    total_amount: m(totals.total),
    ...(payments && payments.length > 0 ? { payments } : {}),
    ...(refunds && refunds.length > 0 ? { refunds } : {}),
    ...(paidSvc + paidOther > 0n ? { paid_amount: { svc: m(paidSvc), other: m(paidOther) } } : {}),
    ...(refunded > 0n ? { refunded_amount: { svc: m(0n), other: m(refunded) } } : {}),
    metadata: { ...metadata, payer_view_url: baseUrl + payerViewPath(id) },
  };
}

/** What a list shows of an invoice: everything but its items (the platform's list leaves them out). */
export function listedInvoiceView(invoice: StoredInvoice, baseUrl: string): Record<string, unknown> {
  const { items: _items, ...rest } = invoiceView(invoice, baseUrl);
  return { ...rest, links: invoiceLinks(invoice, baseUrl) };
}

/** The link each legal operation advertises (spec 2.11: `self`, `send`, `update`, `delete`; the rest are ours). */
const OPERATION_LINKS: Partial<Record<InvoiceTrigger, { rel: string; suffix: string; method: string }>> = {
  send: { rel: 'send', suffix: '/send', method: 'POST' },
  update: { rel: 'update', suffix: '', method: 'PUT' },
  delete: { rel: 'delete', suffix: '', method: 'DELETE' },
  remind: { rel: 'remind', suffix: '/remind', method: 'POST' },
  cancel: { rel: 'cancel', suffix: '/cancel', method: 'POST' },
  'mark-paid': { rel: 'record-payment', suffix: '/record-payment', method: 'POST' },
  refund: { rel: 'record-refund', suffix: '/record-refund', method: 'POST' },
};

/** The links of an invoice's state, following its machine. */
export function invoiceLinks(invoice: StoredInvoice, baseUrl: string): Link[] {
  const path = `${INVOICES_PATH}/${invoice.id}`;
  const links = [link(baseUrl, path, 'self')];
  for (const trigger of legalTriggers(invoiceMachine, invoice.status as InvoiceStatus)) {
    const operation = OPERATION_LINKS[trigger];
    if (operation) links.push(link(baseUrl, path + operation.suffix, operation.rel, operation.method));
  }
  // The customer's page, while they can pay it.
  if (legalTriggers(invoiceMachine, invoice.status as InvoiceStatus).includes('pay'))
    links.push(link(baseUrl, payerViewPath(invoice.id), 'payer-view'));
  return links;
}

/** What is still due, in minor units (refunds do not make an invoice due again). */
export const amountDue = (invoice: StoredInvoice): bigint =>
  BigInt(invoice.internal.total_minor) -
  BigInt(invoice.internal.paid_svc_minor) -
  BigInt(invoice.internal.paid_other_minor);

/** The invoice's recipient e-mail, if it has one. */
export const recipientOf = (body: InvoiceBody): string | undefined => body.billing_info[0]?.email;

/** The due date as `yyyy-MM-dd`, for the workbench and search. */
export const dueDate = (invoice: StoredInvoice): string | undefined =>
  dueDateOf(invoice.body.invoice_date ?? '', invoice.body.payment_term);

export const INVOICE_RESOURCE_KINDS = [
  defineResourceKind<StoredInvoice>({
    kind: 'invoice',
    machine: invoiceMachine,
    view: invoiceView,
    links: invoiceLinks,
    summary: (invoice) => ({
      amount: {
        currency_code: invoice.internal.currency,
        value: invoiceMoney(BigInt(invoice.internal.total_minor), invoice.internal.currency).value,
      },
    }),
    rootKind: 'invoice',
  }),
];
