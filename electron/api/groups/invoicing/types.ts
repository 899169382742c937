import type { InvoiceMoney, InvoiceRequest } from '../../../../shared/api/invoicing/schemas.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

/** A payment on the invoice: the customer's own (`SVC`, with ledger lines) or one the merchant recorded. */
export interface PaymentDetail {
  type: 'SVC' | 'EXTERNAL';
  transaction_id?: string;
  transaction_type?: 'SALE';
  /** `yyyy-MM-dd HH:mm:ss z`, as the platform's v1 writes times. */
  date: string;
  method: string;
  note?: string;
  amount: InvoiceMoney;
  /** The customer's tip on top of `amount` (only with `allow_tip`). */
  tip?: InvoiceMoney;
}

export interface RefundDetail {
  type: 'EXTERNAL';
  date: string;
  note?: string;
  amount: InvoiceMoney;
}

export interface InvoiceMetadata {
  created_date: string;
  created_by: string;
  last_updated_date?: string;
  last_updated_by?: string;
  first_sent_date?: string;
  last_sent_date?: string;
  last_sent_by?: string;
  cancelled_date?: string;
  cancelled_by?: string;
}

/**
 * What an invoice shows besides what is computed on every read (tax amounts, the total, the due date of
 * a term, the payer's URL): the request as accepted, its number and status, and its payments.
 */
export type InvoiceBody = InvoiceRequest & {
  id: string;
  number: string;
  status: string;
  metadata: InvoiceMetadata;
  payments?: PaymentDetail[];
  refunds?: RefundDetail[];
};

/** Bookkeeping the API never shows. Amounts in minor units of the invoice's currency (decimal strings). */
export interface InvoiceInternal {
  merchant_id: string;
  currency: string;
  total_minor: string;
  /** Paid by the customer on the invoice page (tips not included). */
  paid_svc_minor: string;
  /** Recorded by the merchant. */
  paid_other_minor: string;
  refunded_minor: string;
  /** `yyyy-MM-dd` once known (a term counts from the invoice date). */
  due_date?: string;
  /** The automatic overdue reminder already went out for this due date. */
  overdue_notified?: string;
  /** Who made each of the customer's payments (by transaction id): the ledger line's payer. */
  payers?: Record<string, PayerRecord>;
}

export interface PayerRecord {
  email: string;
  account_id?: string;
  given_name?: string;
  surname?: string;
  country_code?: string;
  /** Last four digits of the card, for a card payment; the number is never kept. */
  card_last_digits?: string;
}

export type StoredInvoice = StoredResource<InvoiceBody, InvoiceInternal>;

export const INVOICE_KIND = 'invoice';
