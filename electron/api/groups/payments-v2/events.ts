import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { sampleAuthorizationResource, sampleCaptureResource, sampleRefundResource } from './event-samples.js';
import type { StoredAuthorization, StoredCapture, StoredRefund } from './types.js';
import { authorizationView, captureView, refundView } from './views.js';

export const AUTHORIZATION_CREATED = 'PAYMENT.AUTHORIZATION.CREATED';
export const AUTHORIZATION_VOIDED = 'PAYMENT.AUTHORIZATION.VOIDED';
export const CAPTURE_COMPLETED = 'PAYMENT.CAPTURE.COMPLETED';
export const CAPTURE_REFUNDED = 'PAYMENT.CAPTURE.REFUNDED';

// Payments v1 emits these types too, with its own money shape (`total`, `currency`).
type Amount = { value?: string; currency_code?: string; total?: string; currency?: string } | undefined;
const amountText = (resource: Record<string, unknown>): string => {
  const amount = resource.amount as Amount;
  const value = amount?.value ?? amount?.total;
  const currency = amount?.currency_code ?? amount?.currency;
  return value && currency ? `${value} ${currency}` : 'an amount';
};

const PAYMENT_EVENT_TYPES: readonly EventTypeDefinition[] = [
  {
    name: AUTHORIZATION_CREATED,
    description: 'A payment authorization was created, approved, or executed.',
    resourceType: 'authorization',
    resourceVersions: ['2.0'],
    summary: (r) => `A payment authorization was created for ${amountText(r)}`,
    sample: (_v, context) => sampleAuthorizationResource(context, 'CREATED'),
  },
  {
    name: AUTHORIZATION_VOIDED,
    description: 'A payment authorization was voided.',
    resourceType: 'authorization',
    resourceVersions: ['2.0'],
    summary: (r) => `A payment authorization for ${amountText(r)} was voided`,
    sample: (_v, context) => sampleAuthorizationResource(context, 'VOIDED'),
  },
  {
    name: CAPTURE_COMPLETED,
    description: 'A payment capture completed.',
    resourceType: 'capture',
    resourceVersions: ['2.0'],
    summary: (r) => `Payment completed for ${amountText(r)}`,
    sample: (_v, context) => sampleCaptureResource(context),
  },
  {
    name: CAPTURE_REFUNDED,
    description: 'A merchant refunded a payment capture.',
    resourceType: 'refund',
    resourceVersions: ['2.0'],
    summary: (r) => `A ${amountText(r)} capture payment was refunded`,
    sample: (_v, context) => sampleRefundResource(context),
  },
];

/** Which transitions of authorizations, captures and refunds are events, with the resource as the API shows it. */
function paymentEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger } = transition;
  if (!resource.app_id) return [];
  const draft = (eventType: string, body: Record<string, unknown>): EventDraft[] => [
    { eventType, resource: body, resourceId: resource.id, appId: resource.app_id ?? '' },
  ];
  switch (resource.kind) {
    case 'authorization':
      if (trigger === 'create')
        return draft(AUTHORIZATION_CREATED, authorizationView(resource as StoredAuthorization, baseUrl));
      if (trigger === 'void')
        return draft(AUTHORIZATION_VOIDED, authorizationView(resource as StoredAuthorization, baseUrl));
      return [];
    case 'capture':
      return trigger === 'create'
        ? draft(CAPTURE_COMPLETED, captureView(resource as StoredCapture, baseUrl))
        : [];
    case 'refund':
      return trigger === 'create'
        ? draft(CAPTURE_REFUNDED, refundView(resource as StoredRefund, baseUrl))
        : [];
    default:
      return [];
  }
}

/** Payments v2 events: authorizations, captures and refunds. */
export const PAYMENT_EVENTS: EventContribution = { types: PAYMENT_EVENT_TYPES, map: paymentEvents };
