import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkInvoice, invoiceMoney } from '../../../../shared/api/invoicing/invoice-rules.js';
import { invoiceMachine, type InvoiceStatus } from '../../../../shared/api/invoicing/machines.js';
import { refusalOf } from '../../../../shared/machines/machine.js';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  buyerPageLayout as page,
  CSRF_FIELD,
  formCsrfToken,
  escapeHtml,
  sendBuyerPage,
  validFormCsrfToken,
  type Render,
  buyerEmailField,
  sandboxBuyerEmails,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { CustomerPayments } from './customer-payment.js';
import type { InvoicingService } from './service.js';
import type { StoredInvoice } from './types.js';
import { amountDue, dueDate, PAYER_VIEW_PATH, payerViewPath, recipientOf } from './views.js';

/** The CSRF token of the pay form of one invoice (tests submit the form as a browser would). */
const CSRF_FLOW = 'invoice';
export const invoicePageCsrfToken = (id: string): string => formCsrfToken({ flow: CSRF_FLOW, id });

/** The sandbox buyer the page suggests when the invoice names no recipient. */
const DEFAULT_PAYER = 'buyer@example.com';

function summary(invoice: StoredInvoice): string {
  const { totals } = checkInvoice(invoice.body);
  const c = totals.currency;
  const m = (minor: bigint) => {
    const money = invoiceMoney(minor, c);
    return `${escapeHtml(money.value)} ${escapeHtml(money.currency)}`;
  };
  const row = (label: string, minor: bigint, testid?: string) =>
    `<tr><td>${escapeHtml(label)}</td><td class="amount"${testid ? ` data-testid="${testid}"` : ''}>${m(minor)}</td></tr>`;
  const items = (invoice.body.items ?? [])
    .map((item, i) => row(`${item.name} × ${item.quantity}`, totals.items[i]?.net ?? 0n))
    .join('');
  const paid = BigInt(invoice.internal.paid_svc_minor) + BigInt(invoice.internal.paid_other_minor);
  return `<table>${items}
${row('Subtotal', totals.subtotal)}
${totals.discount ? row('Discount', -totals.discount) : ''}
${totals.tax ? row(invoice.body.tax_inclusive ? 'Tax (included)' : 'Tax', totals.tax) : ''}
${totals.shipping ? row('Shipping', totals.shipping) : ''}
${totals.custom ? row(invoice.body.custom?.label ?? 'Other', totals.custom) : ''}
<tr class="total"><td>Total</td><td class="amount" data-testid="invoice-total">${m(totals.total)}</td></tr>
${paid > 0n ? row('Paid', paid, 'invoice-paid') : ''}
<tr class="total"><td>Amount due</td><td class="amount" data-testid="invoice-due">${m(amountDue(invoice))}</td></tr>
</table>`;
}

interface FormState {
  payerEmail: string;
  source: string;
  amount: string;
  tip: string;
  error?: string;
  notice?: string;
}

function invoicePage(
  invoice: StoredInvoice,
  buyers: string[],
  merchantName: string,
  state: FormState,
): Render {
  const payable = !refusalOf(invoiceMachine, invoice.status as InvoiceStatus, 'pay');
  const due = dueDate(invoice);
  const currency = invoice.internal.currency;
  const selected = (value: string) => (state.source === value ? ' selected' : '');
  const form = `<form method="post" action="${escapeHtml(payerViewPath(invoice.id))}">
  <input type="hidden" name="${CSRF_FIELD}" value="${invoicePageCsrfToken(invoice.id)}">
  ${buyerEmailField(state.payerEmail, buyers, { name: 'payer_email', label: 'Your e-mail (sandbox account for the wallet)' })}
  <label for="source">Pay with</label>
  <select id="source" name="source"><option value="wallet"${selected('wallet')}>Svc wallet balance</option><option value="card"${selected('card')}>Card</option></select>
  <label for="card_number">Card number (card only; sandbox card 4111 1111 1111 1111)</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number">
  <label for="card_expiry">Card expiry (YYYY-MM)</label>
  <input id="card_expiry" name="card_expiry" placeholder="2030-12" autocomplete="cc-exp">
  ${
    invoice.body.allow_partial_payment === true
      ? `<label for="amount">Amount to pay (${escapeHtml(currency)}; partial payments allowed${invoice.body.minimum_amount_due ? `, at least ${escapeHtml(invoice.body.minimum_amount_due.value)}` : ''})</label>
  <input id="amount" name="amount" inputmode="decimal" value="${escapeHtml(state.amount)}">`
      : ''
  }
  ${
    invoice.body.allow_tip === true
      ? `<label for="tip">Tip (${escapeHtml(currency)}, optional)</label>
  <input id="tip" name="tip" inputmode="decimal" value="${escapeHtml(state.tip)}">`
      : ''
  }
  <div class="actions"><button class="primary" type="submit" data-testid="invoice-pay">Pay now</button></div>
</form>`;
  return page(
    `Invoice ${invoice.body.number} from ${merchantName}`,
    `<h1>Invoice ${escapeHtml(invoice.body.number)} from ${escapeHtml(merchantName)}</h1>
<p class="muted">Sandbox invoice <code>${escapeHtml(invoice.id)}</code> · <span class="status" data-testid="invoice-status">${escapeHtml(invoice.status)}</span>
 · issued ${escapeHtml((invoice.body.invoice_date ?? '').slice(0, 10))}${due ? ` · due <span data-testid="invoice-due-date">${escapeHtml(due)}</span>` : ''}</p>
${state.notice ? `<p class="status" role="status" data-testid="invoice-notice">${escapeHtml(state.notice)}</p>` : ''}
${invoice.body.note ? `<p>${escapeHtml(invoice.body.note)}</p>` : ''}
${summary(invoice)}
${invoice.body.terms ? `<p class="muted">${escapeHtml(invoice.body.terms)}</p>` : ''}
${state.error ? `<p class="error" role="alert">${escapeHtml(state.error)}</p>` : ''}
${payable ? form : `<p>This invoice is <strong>${escapeHtml(invoice.status)}</strong>: nothing can be paid on it.</p>`}`,
  );
}

/**
 * The customer's invoice page (the invoice's `payer_view_url`, linked from the e-mail): server-rendered
 * HTML that works without JavaScript. The customer sees the invoice and pays it with a sandbox wallet
 * or a card, partially or with a tip where the invoice allows; a payment answers 303 back to the page.
 */
export function registerInvoicePage(
  app: FastifyInstance,
  table: RouteTable,
  invoices: InvoicingService,
  payments: CustomerPayments,
  store: Store,
): void {
  const path = `${PAYER_VIEW_PATH}/:id`;
  const buyers = () => sandboxBuyerEmails(store);
  const merchantName = (invoice: StoredInvoice) => {
    const merchant = store.accounts.byId(invoice.internal.merchant_id);
    return (
      invoice.body.merchant_info.business_name ?? merchant?.business_name ?? merchant?.email ?? 'the merchant'
    );
  };
  const initial = (invoice: StoredInvoice): FormState => ({
    payerEmail: recipientOf(invoice.body) ?? DEFAULT_PAYER,
    source: 'wallet',
    amount: invoiceMoney(amountDue(invoice), invoice.internal.currency).value,
    tip: '',
  });
  const show = (reply: FastifyReply, status: number, invoice: StoredInvoice, state: FormState) =>
    sendBuyerPage(reply, status, invoicePage(invoice, buyers(), merchantName(invoice), state));
  const notFoundPage = (reply: FastifyReply, id: string) =>
    sendBuyerPage(
      reply,
      404,
      page(
        'Invoice not found',
        `<h1>Invoice not found</h1><p>No invoice has the id <code>${escapeHtml(id)}</code>.</p>`,
      ),
    );

  table.add('GET', path);
  table.add('POST', path);

  app.get(path, { config: { public: true, html: true } }, async (request, reply) => {
    const id = String((request.params as { id?: unknown }).id ?? '');
    const invoice = invoices.find(id);
    // A draft is the merchant's own: the customer sees it only once it is sent.
    if (!invoice || invoice.status === 'DRAFT') return notFoundPage(reply, id);
    const paid = String((request.query as { paid?: unknown }).paid ?? '');
    const notice = /^[A-Z0-9]{17}$/.test(paid) ? `Thank you: payment ${paid} received.` : undefined;
    return show(reply, 200, invoice, { ...initial(invoice), ...(notice ? { notice } : {}) });
  });

  app.post(
    path,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const id = String((request.params as { id?: unknown }).id ?? '');
      const invoice = invoices.find(id);
      if (!invoice || invoice.status === 'DRAFT') return notFoundPage(reply, id);
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const state: FormState = {
        payerEmail: (form.payer_email ?? '').trim() || (recipientOf(invoice.body) ?? DEFAULT_PAYER),
        source: form.source === 'card' ? 'card' : 'wallet',
        amount: (form.amount ?? '').trim(),
        tip: (form.tip ?? '').trim(),
      };
      if (!validFormCsrfToken({ flow: CSRF_FLOW, id: invoice.id }, form[CSRF_FIELD]))
        return show(reply, 403, invoice, {
          ...state,
          error: 'This form has expired or did not come from this page. Check the invoice and pay again.',
        });
      try {
        const { transactionId } = store.transaction(() =>
          payments.pay(invoice, {
            payerEmail: state.payerEmail,
            source: state.source === 'card' ? 'card' : 'wallet',
            card: { number: form.card_number ?? '', expiry: form.card_expiry ?? '' },
            ...(state.amount ? { amount: state.amount } : {}),
            ...(state.tip ? { tip: state.tip } : {}),
          }),
        );
        return reply.redirect(`${payerViewPath(invoice.id)}?paid=${transactionId}`, 303);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fresh = invoices.find(invoice.id) ?? invoice;
        return show(reply, error.status, fresh, {
          ...state,
          error: error.details[0]?.description ?? error.message,
        });
      }
    },
  );
}
