import { fromMinor, toMinor } from '../../../../shared/money';
import type { InvoiceView } from './invoices-api';

type InvoiceMoney = Pick<InvoiceView, 'total_amount' | 'paid_amount' | 'refunded_amount'>;

/** The invoice's figures in minor units, exactly (a decimal string never goes through a float). */
export function invoiceAmounts(invoice: InvoiceMoney): { paid: bigint; due: bigint; refundable: bigint } {
  const currency = invoice.total_amount.currency;
  const minor = (value: string | undefined) => (value ? toMinor(value, currency) : 0n);
  const paid = minor(invoice.paid_amount?.svc.value) + minor(invoice.paid_amount?.other.value);
  return {
    paid,
    due: minor(invoice.total_amount.value) - paid,
    refundable: paid - minor(invoice.refunded_amount?.other.value),
  };
}

/** What the refund dialog suggests: everything paid and not refunded yet, in the invoice's currency. */
export const suggestedRefund = (invoice: InvoiceMoney): string =>
  fromMinor(invoiceAmounts(invoice).refundable, invoice.total_amount.currency);
