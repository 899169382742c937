import { defineMachine } from '../../machines/machine.js';

export type InvoiceStatus =
  | 'DRAFT'
  | 'SENT'
  | 'PARTIALLY_PAID'
  | 'PAID'
  | 'MARKED_AS_PAID'
  | 'CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'MARKED_AS_REFUNDED'
  | 'DELETED';

export type InvoiceTrigger =
  | 'create'
  | 'update'
  | 'delete'
  | 'send'
  | 'remind'
  | 'cancel'
  | 'pay'
  | 'pay-partially'
  | 'mark-paid'
  | 'record-partial-payment'
  | 'record-balance'
  | 'refund'
  | 'refund-partially'
  | 'mark-refunded';

const PAYABLE = ['SENT', 'PARTIALLY_PAID'] as const;
const REFUNDABLE = ['PAID', 'MARKED_AS_PAID', 'PARTIALLY_REFUNDED'] as const;

/**
 * An invoice (spec 3: create -> DRAFT, send -> payable; the rest is the platform's lifecycle). Paid
 * "connected" (by the buyer on the invoice page) it is PAID; paid only "disconnected" (payments the
 * merchant records) it is MARKED_AS_PAID; refunds follow the same split. A deleted draft keeps its row
 * and history (the support view shows it) and is gone from the API (404).
 *
 * One operation may lead to several states (a payment that settles the balance or not), so it picks
 * one of several triggers; the refusal of its first one (`pay`, `mark-paid`, `refund`) answers for it.
 * `pay` and `pay-partially` are the customer's own payments on the invoice page (they write ledger
 * lines); the `record-*` and `mark-*` triggers are what the merchant records (no money moves here).
 */
export const invoiceMachine = defineMachine<InvoiceStatus, InvoiceTrigger>({
  resource: 'invoice',
  states: {
    DRAFT: 'Created; the merchant can still edit or delete it. The customer cannot pay it yet.',
    SENT: 'Sent: the customer was e-mailed a link and can pay it on the invoice page.',
    PARTIALLY_PAID: 'Part of the total is paid; the rest is still due.',
    PAID: 'Paid in full, at least partly by the customer on the invoice page.',
    MARKED_AS_PAID: 'Paid in full by payments the merchant recorded (made outside the platform).',
    CANCELLED: 'Cancelled by the merchant; it can no longer be paid.',
    PARTIALLY_REFUNDED: 'Part of what was paid is refunded.',
    REFUNDED: 'Everything paid is refunded.',
    MARKED_AS_REFUNDED:
      'A marked-as-paid invoice whose recorded payments were refunded outside the platform.',
    DELETED: 'A draft the merchant deleted; the API no longer shows it.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'DRAFT', label: 'Create draft' },
    { trigger: 'update', from: ['DRAFT'], to: 'DRAFT', label: 'Update' },
    { trigger: 'update', from: ['SENT'], to: 'SENT', label: 'Update' },
    { trigger: 'delete', from: ['DRAFT'], to: 'DELETED', label: 'Delete draft' },
    { trigger: 'send', from: ['DRAFT'], to: 'SENT', label: 'Send' },
    { trigger: 'remind', from: ['SENT'], to: 'SENT', label: 'Remind' },
    { trigger: 'remind', from: ['PARTIALLY_PAID'], to: 'PARTIALLY_PAID', label: 'Remind' },
    { trigger: 'cancel', from: ['SENT'], to: 'CANCELLED', label: 'Cancel' },
    { trigger: 'pay', from: PAYABLE, to: 'PAID', label: 'Customer pays the balance' },
    { trigger: 'pay-partially', from: PAYABLE, to: 'PARTIALLY_PAID', label: 'Partial payment' },
    { trigger: 'mark-paid', from: PAYABLE, to: 'MARKED_AS_PAID', label: 'Record payment' },
    { trigger: 'record-partial-payment', from: PAYABLE, to: 'PARTIALLY_PAID', label: 'Record part payment' },
    {
      trigger: 'record-balance',
      from: ['PARTIALLY_PAID'],
      to: 'PAID',
      label: 'Record payment of the balance',
    },
    { trigger: 'refund', from: REFUNDABLE, to: 'REFUNDED', label: 'Record refund' },
    { trigger: 'refund-partially', from: REFUNDABLE, to: 'PARTIALLY_REFUNDED', label: 'Partial refund' },
    {
      trigger: 'mark-refunded',
      from: ['MARKED_AS_PAID', 'PARTIALLY_REFUNDED'],
      to: 'MARKED_AS_REFUNDED',
      label: 'Recorded refund of the balance',
    },
  ],
  refusals: {
    update: { issue: 'INVOICE_CANNOT_BE_UPDATED' },
    delete: { issue: 'INVOICE_NOT_DRAFT' },
    send: { issue: 'INVOICE_ALREADY_SENT' },
    remind: { issue: 'INVOICE_NOT_PAYABLE', when: { DRAFT: 'INVOICE_NOT_SENT' } },
    cancel: { issue: 'INVOICE_CANNOT_BE_CANCELLED', when: { DRAFT: 'INVOICE_NOT_SENT' } },
    pay: { issue: 'INVOICE_NOT_PAYABLE', when: { DRAFT: 'INVOICE_NOT_SENT' } },
    'mark-paid': { issue: 'INVOICE_NOT_PAYABLE', when: { DRAFT: 'INVOICE_NOT_SENT' } },
    refund: { issue: 'INVOICE_NOT_PAID' },
  },
});
