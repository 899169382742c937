import type { InvoiceRequest, InvoiceSearch, PaymentTermType } from '../../../../shared/api/invoicing';
import { callApi } from '../../api/api-call';

/** The invoice calls the pages make, through the bridge so they show in the request log. */

export const INVOICES_PATH = '/v1/invoicing/invoices';
export const invoicePath = (id: string) => `${INVOICES_PATH}/${encodeURIComponent(id)}`;

/** An invoice as the API shows it (the members the pages read). */
export interface InvoiceView extends InvoiceRequest {
  id: string;
  number: string;
  status: string;
  total_amount: { currency: string; value: string };
  payment_term?: { term_type?: PaymentTermType; due_date?: string };
  payments?: {
    type: string;
    transaction_id?: string;
    date: string;
    method: string;
    note?: string;
    amount: { currency: string; value: string };
    tip?: { currency: string; value: string };
  }[];
  refunds?: { date: string; note?: string; amount: { currency: string; value: string } }[];
  paid_amount?: { svc: { value: string }; other: { value: string } };
  refunded_amount?: { other: { value: string } };
  metadata: {
    created_date: string;
    payer_view_url: string;
    first_sent_date?: string;
    cancelled_date?: string;
  };
  links: { href: string; rel: string; method?: string }[];
}

export interface InvoiceList {
  total_count?: number;
  invoices: InvoiceView[];
}

export const searchInvoices = async (criteria: InvoiceSearch): Promise<InvoiceList> =>
  (await callApi({ method: 'POST', path: '/v1/invoicing/search', body: criteria })).body as InvoiceList;

export const getInvoice = async (id: string): Promise<InvoiceView> =>
  (await callApi({ method: 'GET', path: invoicePath(id) })).body as InvoiceView;

export const createInvoice = async (body: InvoiceRequest): Promise<InvoiceView> =>
  (await callApi({ method: 'POST', path: INVOICES_PATH, body })).body as InvoiceView;

export const updateInvoice = async (id: string, body: InvoiceRequest): Promise<InvoiceView> =>
  (await callApi({ method: 'PUT', path: invoicePath(id), body })).body as InvoiceView;

export const sendInvoice = (id: string) => callApi({ method: 'POST', path: `${invoicePath(id)}/send` });
export const remindInvoice = (id: string) =>
  callApi({ method: 'POST', path: `${invoicePath(id)}/remind`, body: {} });
export const cancelInvoice = (id: string) =>
  callApi({ method: 'POST', path: `${invoicePath(id)}/cancel`, body: {} });
export const deleteInvoice = (id: string) => callApi({ method: 'DELETE', path: invoicePath(id) });

export const recordPayment = (
  id: string,
  body: { method: string; amount?: { currency: string; value: string }; note?: string },
) => callApi({ method: 'POST', path: `${invoicePath(id)}/record-payment`, body });

export const recordRefund = (
  id: string,
  body: { amount?: { currency: string; value: string }; note?: string },
) => callApi({ method: 'POST', path: `${invoicePath(id)}/record-refund`, body });
