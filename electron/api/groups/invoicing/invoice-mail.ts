import { invoiceMoney } from '../../../../shared/api/invoicing/invoice-rules.js';
import type { Mailbox } from '../../../mailbox/mailbox.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { StoredInvoice } from './types.js';
import { amountDue, dueDate, payerViewPath, recipientOf } from './views.js';

/**
 * The e-mails invoicing sends (into the sandbox mailbox): the invoice to its customer with the link to
 * pay it, reminders (asked for, or automatic once it is overdue), the cancellation, and receipts. Copies
 * go to the merchant when asked (`notify_merchant`, `send_to_merchant`) and to the invoice's CCs.
 */

const money = (invoice: StoredInvoice, minor: bigint): string => {
  const m = invoiceMoney(minor, invoice.internal.currency);
  return `${m.value} ${m.currency}`;
};

export const merchantNameOf = (invoice: StoredInvoice, merchant: Account | undefined): string =>
  invoice.body.merchant_info.business_name ?? merchant?.business_name ?? merchant?.email ?? 'Your merchant';

const greeting = (invoice: StoredInvoice): string => {
  const name = invoice.body.billing_info[0]?.first_name;
  return name ? `Hello ${name},` : 'Hello,';
};

const payLink = (invoice: StoredInvoice) => ({
  rel: 'payer-view',
  path: payerViewPath(invoice.id),
  label: 'View and pay invoice',
});

/** Who gets the customer's copy: the recipient and the CCs (those of the call, else the invoice's). */
function customerAddresses(invoice: StoredInvoice, ccEmails?: string[]): string[] {
  const cc = ccEmails ?? invoice.body.cc_info?.map((c) => c.email) ?? [];
  const recipient = recipientOf(invoice.body);
  return [...new Set([...(recipient ? [recipient] : []), ...cc].map((e) => e.toLowerCase()))];
}

export interface InvoiceMailOptions {
  subject?: string | undefined;
  note?: string | undefined;
  ccEmails?: string[] | undefined;
  toMerchant: boolean;
  toCustomer?: boolean;
}

export class InvoiceMail {
  constructor(private readonly mailbox: Mailbox) {}

  private send(
    invoice: StoredInvoice,
    merchant: Account | undefined,
    category: string,
    subject: string,
    lines: string[],
    options: InvoiceMailOptions,
    withPayLink: boolean,
  ): void {
    const body = lines.join('\n');
    const links = withPayLink ? [payLink(invoice)] : [];
    const resource = { kind: 'invoice', id: invoice.id };
    const from = invoice.body.merchant_info.email ?? merchant?.email;
    if (options.toCustomer !== false)
      for (const recipient of customerAddresses(invoice, options.ccEmails))
        this.mailbox.send({ recipient, subject, body, links, category, resource, ...(from ? { from } : {}) });
    if (options.toMerchant && merchant)
      this.mailbox.send({
        recipient: merchant.email,
        subject: `Copy: ${subject}`,
        body,
        links,
        category,
        resource,
      });
  }

  sent(invoice: StoredInvoice, merchant: Account | undefined, options: InvoiceMailOptions): void {
    const name = merchantNameOf(invoice, merchant);
    const due = dueDate(invoice);
    this.send(
      invoice,
      merchant,
      'invoice.sent',
      options.subject ?? `Invoice ${invoice.body.number} from ${name}`,
      [
        greeting(invoice),
        '',
        `${name} sent you invoice ${invoice.body.number} for ${money(invoice, BigInt(invoice.internal.total_minor))}.`,
        due ? `It is due on ${due}.` : 'It is due on receipt.',
        ...((options.note ?? invoice.body.note)
          ? ['', `Note from ${name}: ${options.note ?? invoice.body.note}`]
          : []),
        '',
        'View and pay the invoice with the link below.',
      ],
      options,
      true,
    );
  }

  reminder(
    invoice: StoredInvoice,
    merchant: Account | undefined,
    options: InvoiceMailOptions,
    overdue = false,
  ): void {
    const name = merchantNameOf(invoice, merchant);
    const due = dueDate(invoice);
    this.send(
      invoice,
      merchant,
      overdue ? 'invoice.overdue' : 'invoice.reminder',
      options.subject ??
        (overdue
          ? `Overdue: invoice ${invoice.body.number} from ${name}`
          : `Reminder: invoice ${invoice.body.number} from ${name}`),
      [
        greeting(invoice),
        '',
        overdue
          ? `Invoice ${invoice.body.number} from ${name} was due on ${due ?? 'receipt'} and is not paid yet.`
          : `This is a reminder of invoice ${invoice.body.number} from ${name}.`,
        `Amount due: ${money(invoice, amountDue(invoice))}.`,
        ...(options.note ? ['', `Note from ${name}: ${options.note}`] : []),
      ],
      options,
      true,
    );
  }

  cancelled(invoice: StoredInvoice, merchant: Account | undefined, options: InvoiceMailOptions): void {
    const name = merchantNameOf(invoice, merchant);
    this.send(
      invoice,
      merchant,
      'invoice.cancelled',
      options.subject ?? `Invoice ${invoice.body.number} from ${name} was cancelled`,
      [
        greeting(invoice),
        '',
        `${name} cancelled invoice ${invoice.body.number}. You do not need to pay it.`,
        ...(options.note ? ['', `Note from ${name}: ${options.note}`] : []),
      ],
      options,
      false,
    );
  }

  /** Receipts of a payment the customer made on the invoice page: to the payer and to the merchant. */
  receipt(
    invoice: StoredInvoice,
    merchant: Account | undefined,
    payer: string,
    paidMinor: bigint,
    tipMinor: bigint,
    transactionId: string,
  ): void {
    const name = merchantNameOf(invoice, merchant);
    const due = amountDue(invoice);
    const lines = [
      `Payment of ${money(invoice, paidMinor)}${tipMinor > 0n ? ` and a tip of ${money(invoice, tipMinor)}` : ''} for invoice ${invoice.body.number}.`,
      `Transaction ${transactionId}.`,
      due > 0n ? `Still due: ${money(invoice, due)}.` : 'The invoice is paid in full.',
    ];
    const resource = { kind: 'invoice', id: invoice.id };
    const links = [{ rel: 'payer-view', path: payerViewPath(invoice.id), label: 'View invoice' }];
    this.mailbox.send({
      recipient: payer,
      subject: `Receipt for your payment to ${name}`,
      body: ['Thank you for your payment.', '', ...lines].join('\n'),
      links,
      category: 'invoice.receipt',
      resource,
    });
    if (merchant)
      this.mailbox.send({
        recipient: merchant.email,
        subject: `You received a payment for invoice ${invoice.body.number}`,
        body: [`${payer} paid invoice ${invoice.body.number}.`, '', ...lines].join('\n'),
        links,
        category: 'invoice.payment-received',
        resource,
      });
  }
}
