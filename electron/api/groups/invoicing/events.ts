import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { sampleInvoice } from './event-samples.js';
import type { StoredInvoice } from './types.js';
import { invoiceLinks, invoiceView } from './views.js';

export const INVOICE_CREATED = 'INVOICING.INVOICE.CREATED';
export const INVOICE_UPDATED = 'INVOICING.INVOICE.UPDATED';
export const INVOICE_SENT = 'INVOICING.INVOICE.SENT';
export const INVOICE_PAID = 'INVOICING.INVOICE.PAID';
export const INVOICE_CANCELLED = 'INVOICING.INVOICE.CANCELLED';
export const INVOICE_REFUNDED = 'INVOICING.INVOICE.REFUNDED';

const RESOURCE_VERSIONS = ['1.0', '2.0'] as const;

const type = (name: string, description: string, status: string, summary: string): EventTypeDefinition => ({
  name,
  description,
  resourceType: 'invoices',
  resourceVersions: RESOURCE_VERSIONS,
  summary: (r) => `${summary} ${String(r.number ?? r.id ?? '')}`.trim(),
  sample: (_v, context) => sampleInvoice(context, status),
});

const TYPES: readonly EventTypeDefinition[] = [
  type(INVOICE_CREATED, 'An invoice was created.', 'DRAFT', 'An invoice was created:'),
  type(INVOICE_UPDATED, 'An invoice was updated, or partly paid.', 'DRAFT', 'An invoice was updated:'),
  type(INVOICE_SENT, 'An invoice was sent to its customer.', 'SENT', 'An invoice was sent:'),
  type(
    INVOICE_PAID,
    'An invoice was paid in full (by the customer, or as the merchant recorded).',
    'PAID',
    'An invoice was paid:',
  ),
  type(INVOICE_CANCELLED, 'A sent invoice was cancelled.', 'CANCELLED', 'An invoice was cancelled:'),
  type(INVOICE_REFUNDED, 'A refund was recorded on an invoice.', 'REFUNDED', 'An invoice was refunded:'),
];

/** Which transitions are events (reminders and deletes are not). */
const BY_TRIGGER: Readonly<Record<string, string>> = {
  create: INVOICE_CREATED,
  update: INVOICE_UPDATED,
  send: INVOICE_SENT,
  pay: INVOICE_PAID,
  'mark-paid': INVOICE_PAID,
  'record-balance': INVOICE_PAID,
  'pay-partially': INVOICE_UPDATED,
  'record-partial-payment': INVOICE_UPDATED,
  cancel: INVOICE_CANCELLED,
  refund: INVOICE_REFUNDED,
  'refund-partially': INVOICE_REFUNDED,
  'mark-refunded': INVOICE_REFUNDED,
};

function invoiceEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger } = transition;
  if (resource.kind !== 'invoice' || !resource.app_id) return [];
  const eventType = BY_TRIGGER[trigger];
  if (!eventType) return [];
  const invoice = resource as StoredInvoice;
  return [
    {
      eventType,
      resource: { ...invoiceView(invoice, baseUrl), links: invoiceLinks(invoice, baseUrl) },
      resourceId: invoice.id,
      appId: resource.app_id,
    },
  ];
}

/** Invoicing events: created, updated, sent, paid, cancelled, refunded. */
export const INVOICE_EVENTS: EventContribution = { types: TYPES, map: invoiceEvents };
