import {
  accountProblems,
  checkInvoice,
  type InvoiceProblem,
  type InvoiceTotals,
} from '../../../../shared/api/invoicing/invoice-rules.js';
import { invoiceMachine, type InvoiceTrigger } from '../../../../shared/api/invoicing/machines.js';
import type {
  CancelNotificationSchema,
  InvoiceMoney,
  InvoiceRequest,
  NotificationSchema,
  RecordPayment,
  RecordRefund,
} from '../../../../shared/api/invoicing/schemas.js';
import type { Issue } from '../../../../shared/api/registry.js';
import { fromMinor } from '../../../../shared/money.js';
import type { z } from 'zod';
import type { GroupDeps } from '../../group-deps.js';
import { detail, invalidRequest, notFound, unprocessable, bodyDetail } from '../../pipeline/api-error.js';
import { requestMinor } from '../../pipeline/money-errors.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import { isoDate, v1DateTime } from './dates.js';
import { newInvoiceId } from './ids.js';
import { InvoiceMail } from './invoice-mail.js';
import { scheduleOverdue } from './jobs.js';
import { InvoiceNumbers } from './numbering.js';
import { INVOICE_KIND, type InvoiceBody, type StoredInvoice } from './types.js';
import { amountDue } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const toDetails = (problems: InvoiceProblem[]) =>
  problems.map((p) =>
    detail(p.issue as Issue, {
      field: p.field,
      ...(p.value !== undefined ? { value: p.value } : {}),
      location: 'body',
      description: p.description,
    }),
  );

/**
 * Invoicing v1: drafts and their rules (spec 2.11), the full update, delete, send, remind, cancel, and
 * payments and refunds the merchant records. Every change is a move of the invoice's machine; e-mails
 * go to the sandbox mailbox in the same transaction.
 */
export class InvoicingService {
  readonly numbers: InvoiceNumbers;
  readonly mail: InvoiceMail;

  constructor(private readonly deps: GroupDeps) {
    this.numbers = new InvoiceNumbers(deps.store);
    this.mail = new InvoiceMail(deps.mailbox);
  }

  /** The rules of the body (400) and of the merchant's account (422); the totals when they pass. */
  private check(request: InvoiceRequest, ctx: RequestContext, exceptId?: string): InvoiceTotals {
    const { problems, totals } = checkInvoice(request);
    if (problems.length > 0) throw invalidRequest(...toDetails(problems));
    if (request.number !== undefined && this.numbers.taken(ctx.merchant.id, request.number, exceptId))
      throw invalidRequest(
        detail('DUPLICATE_INVOICE_NUMBER', { field: '/number', value: request.number, location: 'body' }),
      );
    const account = accountProblems(request, ctx.merchant);
    if (account.length > 0) throw unprocessable(...toDetails(account));
    return totals;
  }

  create(request: InvoiceRequest, ctx: RequestContext): StoredInvoice {
    const totals = this.check(request, ctx);
    const now = this.deps.clock.now();
    const at = this.deps.clock.nowIso();
    const id = newInvoiceId();
    const body: InvoiceBody = {
      ...request,
      id,
      number: request.number ?? this.numbers.next(ctx.merchant.id),
      status: 'DRAFT',
      invoice_date: request.invoice_date ?? `${isoDate(now)} UTC`,
      metadata: { created_date: v1DateTime(now), created_by: ctx.merchant.email },
    };
    const invoice: StoredInvoice = {
      ...resourceEnvelope({ kind: INVOICE_KIND, id, app: ctx.app.id, status: 'DRAFT', at }),
      body,
      internal: {
        merchant_id: ctx.merchant.id,
        currency: totals.currency,
        total_minor: String(totals.total),
        paid_svc_minor: '0',
        paid_other_minor: '0',
        refunded_minor: '0',
      },
    };
    createResource(this.deps, invoiceMachine, invoice, 'create');
    return invoice;
  }

  /** An invoice of any app, for the customer's page (deleted drafts are gone). */
  find(id: string): StoredInvoice | undefined {
    const invoice = this.deps.store.resources.get<StoredInvoice['body'], StoredInvoice['internal']>(
      INVOICE_KIND,
      id,
    );
    return invoice && invoice.status !== 'DELETED' ? invoice : undefined;
  }

  get(id: string, ctx: RequestContext): StoredInvoice {
    const invoice = this.deps.store.resources.owned<StoredInvoice>(INVOICE_KIND, id, ctx.app.id);
    // A deleted draft is gone for its owner too, as it is for the customer's page.
    if (!invoice || invoice.status === 'DELETED') throw notFound('invoice', id);
    return invoice;
  }

  /** `PUT`: the whole invoice again; members left out lose their values, the number is kept unless given. */
  update(id: string, request: InvoiceRequest, ctx: RequestContext): StoredInvoice {
    const invoice = this.get(id, ctx);
    refuseUnless(invoiceMachine, invoice, 'update');
    const totals = this.check(request, ctx, id);
    const now = this.deps.clock.now();
    const { metadata, payments, refunds } = invoice.body;
    invoice.body = {
      ...request,
      id,
      number: request.number ?? invoice.body.number,
      status: invoice.status,
      invoice_date: request.invoice_date ?? invoice.body.invoice_date ?? `${isoDate(now)} UTC`,
      metadata: { ...metadata, last_updated_date: v1DateTime(now), last_updated_by: ctx.merchant.email },
      ...(payments ? { payments } : {}),
      ...(refunds ? { refunds } : {}),
    };
    invoice.internal.currency = totals.currency;
    invoice.internal.total_minor = String(totals.total);
    transition(this.deps, invoiceMachine, invoice, 'update');
    if (invoice.status !== 'DRAFT') scheduleOverdue(this.deps, invoice);
    return invoice;
  }

  delete(id: string, ctx: RequestContext): void {
    const invoice = this.get(id, ctx);
    transition(this.deps, invoiceMachine, invoice, 'delete', { note: `number ${invoice.body.number} freed` });
  }

  send(
    id: string,
    options: { subject?: string | undefined; note?: string | undefined; notifyMerchant: boolean },
    ctx: RequestContext,
  ): StoredInvoice {
    const invoice = this.get(id, ctx);
    refuseUnless(invoiceMachine, invoice, 'send');
    if (BigInt(invoice.internal.total_minor) <= 0n)
      throw unprocessable(detail('INVOICE_TOTAL_ZERO', { field: 'id', value: id, location: 'path' }));
    const now = this.deps.clock.now();
    invoice.body.metadata = {
      ...invoice.body.metadata,
      first_sent_date: invoice.body.metadata.first_sent_date ?? v1DateTime(now),
      last_sent_date: v1DateTime(now),
      last_sent_by: ctx.merchant.email,
    };
    transition(this.deps, invoiceMachine, invoice, 'send');
    this.mail.sent(invoice, ctx.merchant, {
      subject: options.subject,
      note: options.note,
      toMerchant: options.notifyMerchant,
    });
    scheduleOverdue(this.deps, invoice);
    return invoice;
  }

  remind(id: string, body: z.infer<typeof NotificationSchema> | undefined, ctx: RequestContext): void {
    const invoice = this.get(id, ctx);
    refuseUnless(invoiceMachine, invoice, 'remind');
    invoice.body.metadata = {
      ...invoice.body.metadata,
      last_sent_date: v1DateTime(this.deps.clock.now()),
      last_sent_by: ctx.merchant.email,
    };
    transition(this.deps, invoiceMachine, invoice, 'remind');
    this.mail.reminder(invoice, ctx.merchant, {
      subject: body?.subject,
      note: body?.note,
      ccEmails: body?.cc_emails,
      toMerchant: body?.send_to_merchant ?? true,
    });
  }

  cancel(id: string, body: z.infer<typeof CancelNotificationSchema> | undefined, ctx: RequestContext): void {
    const invoice = this.get(id, ctx);
    refuseUnless(invoiceMachine, invoice, 'cancel');
    invoice.body.metadata = {
      ...invoice.body.metadata,
      cancelled_date: v1DateTime(this.deps.clock.now()),
      cancelled_by: ctx.merchant.email,
    };
    transition(this.deps, invoiceMachine, invoice, 'cancel');
    this.mail.cancelled(invoice, ctx.merchant, {
      subject: body?.subject,
      note: body?.note,
      ccEmails: body?.cc_emails,
      toMerchant: body?.send_to_merchant ?? true,
      toCustomer: body?.send_to_payer ?? true,
    });
  }

  /** Minor units of `amount` in the invoice's currency (400 when it is not one), or `fallback`. */
  private amountOf(invoice: StoredInvoice, amount: InvoiceMoney | undefined, fallback: bigint): bigint {
    if (!amount) return fallback;
    const currency = invoice.internal.currency;
    if (amount.currency !== currency)
      throw invalidRequest(
        bodyDetail(
          '/amount/currency',
          'CURRENCY_MISMATCH',
          `The invoice is in ${currency}.`,
          amount.currency,
        ),
      );
    const minor = requestMinor(amount.value, currency, {
      field: '/amount/value',
      value: amount.value,
      location: 'body',
    });
    if (minor <= 0n)
      throw invalidRequest(
        detail('AMOUNT_NOT_POSITIVE', { field: '/amount/value', value: amount.value, location: 'body' }),
      );
    return minor;
  }

  /** `record-payment`: a payment made outside the platform (the balance due unless `amount` says less). */
  recordPayment(id: string, body: RecordPayment, ctx: RequestContext): void {
    const invoice = this.get(id, ctx);
    refuseUnless(invoiceMachine, invoice, 'mark-paid');
    const due = amountDue(invoice);
    const minor = this.amountOf(invoice, body.amount, due);
    const currency = invoice.internal.currency;
    if (minor > due)
      throw unprocessable(
        bodyDetail(
          '/amount/value',
          'AMOUNT_EXCEEDS_DUE',
          `At most ${fromMinor(due, currency)} ${currency} is due.`,
          body.amount?.value,
        ),
      );
    invoice.body.payments = [
      ...(invoice.body.payments ?? []),
      {
        type: 'EXTERNAL',
        date: body.date ?? v1DateTime(this.deps.clock.now()),
        method: body.method,
        ...(body.note !== undefined ? { note: body.note } : {}),
        amount: { currency, value: fromMinor(minor, currency) },
      },
    ];
    invoice.internal.paid_other_minor = String(BigInt(invoice.internal.paid_other_minor) + minor);
    const connected = BigInt(invoice.internal.paid_svc_minor) > 0n;
    const trigger: InvoiceTrigger =
      minor < due ? 'record-partial-payment' : connected ? 'record-balance' : 'mark-paid';
    transition(this.deps, invoiceMachine, invoice, trigger, {
      note: `${body.method} ${fromMinor(minor, currency)} ${currency} recorded`,
    });
  }

  /** `record-refund`: a refund made outside the platform (everything paid and not yet refunded by default). */
  recordRefund(id: string, body: RecordRefund | undefined, ctx: RequestContext): void {
    const invoice = this.get(id, ctx);
    refuseUnless(invoiceMachine, invoice, 'refund');
    const paid = BigInt(invoice.internal.paid_svc_minor) + BigInt(invoice.internal.paid_other_minor);
    const refundable = paid - BigInt(invoice.internal.refunded_minor);
    const minor = this.amountOf(invoice, body?.amount, refundable);
    const currency = invoice.internal.currency;
    if (minor > refundable)
      throw unprocessable(
        bodyDetail(
          '/amount/value',
          'REFUND_EXCEEDS_PAID',
          `At most ${fromMinor(refundable, currency)} ${currency} can be refunded.`,
          body?.amount?.value,
        ),
      );
    invoice.body.refunds = [
      ...(invoice.body.refunds ?? []),
      {
        type: 'EXTERNAL',
        date: body?.date ?? v1DateTime(this.deps.clock.now()),
        ...(body?.note !== undefined ? { note: body.note } : {}),
        amount: { currency, value: fromMinor(minor, currency) },
      },
    ];
    invoice.internal.refunded_minor = String(BigInt(invoice.internal.refunded_minor) + minor);
    const connected = BigInt(invoice.internal.paid_svc_minor) > 0n;
    const trigger: InvoiceTrigger =
      minor < refundable ? 'refund-partially' : connected ? 'refund' : 'mark-refunded';
    transition(this.deps, invoiceMachine, invoice, trigger, {
      note: `${fromMinor(minor, currency)} ${currency} refund recorded`,
    });
  }
}
