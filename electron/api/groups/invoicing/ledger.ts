import { checkInvoice } from '../../../../shared/api/invoicing/invoice-rules.js';
import { scaled } from '../../../../shared/api/invoicing/invoice-rules.js';
import { toMinor } from '../../../../shared/money.js';
import type { LedgerPosting, LedgerPostings } from '../../../ledger/ledger-posting.js';
import type { CartLine } from '../../../ledger/ledger-types.js';
import { captureFee } from '../../pipeline/capture-fees.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { INVOICE_KIND, type StoredInvoice } from './types.js';

/** The event code of a customer's invoice payment: a general payment received (shared/api/reporting). */
export const INVOICE_PAYMENT_CODE = 'T0000';

/** An invoice's items as the ledger's cart (quantities rounded to whole units: the cart holds whole numbers). */
function cartOf(invoice: StoredInvoice): CartLine[] | undefined {
  const items = invoice.body.items;
  if (!items || items.length === 0) return undefined;
  const { totals } = checkInvoice(invoice.body);
  return items.map((item, index) => ({
    name: item.name,
    ...(item.description ? { description: item.description } : {}),
    quantity: String(scaled(item.quantity) / 100_000n || 1n),
    unitMinor: toMinor(item.unit_price.value, item.unit_price.currency),
    taxMinor: totals.items[index]?.tax ?? 0n,
  }));
}

/**
 * What invoices do to the ledger: a payment the customer makes on the invoice page (`pay`,
 * `pay-partially`) is money received by the merchant, T0000 (the code the event-code table keeps for invoice payments), amount + tip gross, less the capture fee
 * schedule, S, with the invoice number and the payer. Payments and refunds the merchant records moved
 * no money here, so they write nothing.
 */
export function invoicePostings(): LedgerPostings {
  return (transition: ResourceTransition): LedgerPosting[] => {
    if (transition.resource.kind !== INVOICE_KIND) return [];
    if (transition.trigger !== 'pay' && transition.trigger !== 'pay-partially') return [];
    const invoice = transition.resource as StoredInvoice;
    const payment = invoice.body.payments?.at(-1);
    if (!payment || payment.type !== 'SVC' || !payment.transaction_id) return [];
    const currency = invoice.internal.currency;
    const gross =
      toMinor(payment.amount.value, currency) + (payment.tip ? toMinor(payment.tip.value, currency) : 0n);
    const payer = invoice.internal.payers?.[payment.transaction_id];
    const cart = cartOf(invoice);
    const merchantName = invoice.body.merchant_info.business_name;
    return [
      {
        op: 'insert',
        entry: {
          accountId: invoice.internal.merchant_id,
          transactionId: payment.transaction_id,
          eventCode: INVOICE_PAYMENT_CODE,
          status: 'S',
          initiatedMs: Date.parse(transition.at),
          currency,
          amountMinor: gross,
          feeMinor: -captureFee(gross, currency).total,
          orderId: invoice.id,
          instrumentType: payment.method === 'CREDIT_CARD' ? 'CREDITCARD' : null,
          source: 'api',
          details: {
            subject: `Invoice ${invoice.body.number}${merchantName ? ` from ${merchantName}` : ''}`,
            invoice_id: invoice.body.number,
            ...(invoice.body.reference ? { custom_field: invoice.body.reference } : {}),
            ...(payer
              ? {
                  payer: {
                    ...(payer.account_id ? { account_id: payer.account_id } : {}),
                    email_address: payer.email,
                    address_status: 'N' as const,
                    payer_status: payer.account_id ? ('Y' as const) : ('N' as const),
                    ...(payer.given_name || payer.surname
                      ? { payer_name: { given_name: payer.given_name ?? '', surname: payer.surname ?? '' } }
                      : {}),
                    ...(payer.country_code ? { country_code: payer.country_code } : {}),
                  },
                }
              : {}),
            ...(cart ? { cart, cart_invoice: invoice.body.number } : {}),
          },
        },
      },
    ];
  };
}
