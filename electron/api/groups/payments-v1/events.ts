import { PAYMENT_V1_KINDS as KINDS } from '../../../../shared/api/payments-v1/index.js';
import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import {
  AUTHORIZATION_CREATED,
  AUTHORIZATION_VOIDED,
  CAPTURE_COMPLETED,
  CAPTURE_REFUNDED,
} from '../payments-v2/index.js';
import { sampleSaleResource, sampleSaleRefundResource } from './event-samples.js';
import type { StoredAuthorizationV1, StoredCaptureV1, StoredRefundV1, StoredSaleV1 } from './types.js';
import {
  authorizationLinks,
  authorizationView,
  captureLinks,
  captureView,
  refundLinks,
  refundView,
  saleLinks,
  saleView,
} from './views.js';

export const SALE_COMPLETED = 'PAYMENT.SALE.COMPLETED';
export const SALE_REFUNDED = 'PAYMENT.SALE.REFUNDED';

/** v1 resources travel as resource version 1.0, as the platform's v1 events did. */
const V1 = '1.0';

const totalText = (resource: Record<string, unknown>): string => {
  const amount = resource.amount as { total?: string; currency?: string } | undefined;
  return amount?.total && amount.currency ? `${amount.total} ${amount.currency}` : 'an amount';
};

const SALE_EVENT_TYPES: readonly EventTypeDefinition[] = [
  {
    name: SALE_COMPLETED,
    description: 'A sale completed (a v1 payment with intent sale was executed).',
    resourceType: 'sale',
    resourceVersions: [V1],
    summary: (r) => `Payment completed for ${totalText(r)}`,
    sample: (_v, context) => sampleSaleResource(context),
  },
  {
    name: SALE_REFUNDED,
    description: 'A merchant refunded a sale.',
    resourceType: 'refund',
    resourceVersions: [V1],
    summary: (r) => `A ${totalText(r)} sale payment was refunded`,
    sample: (_v, context) => sampleSaleRefundResource(context),
  },
];

/**
 * Which v1 transitions are events: a sale completed or refunded (the sale types), an authorization
 * created or voided, a capture completed or refunded (the types payments v2 registered, at resource
 * version 1.0 with the v1 resource).
 */
function paymentV1Events(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger } = transition;
  const reported = trigger === 'create' || (resource.kind === KINDS.authorization && trigger === 'void');
  if (!resource.app_id || !reported) return [];
  const draft = (eventType: string, body: Record<string, unknown>): EventDraft[] => [
    { eventType, resource: body, resourceId: resource.id, appId: resource.app_id ?? '', resourceVersion: V1 },
  ];
  switch (resource.kind) {
    case KINDS.sale: {
      const sale = resource as StoredSaleV1;
      return draft(SALE_COMPLETED, { ...saleView(sale), links: saleLinks(sale, baseUrl) });
    }
    case KINDS.authorization: {
      const authorization = resource as StoredAuthorizationV1;
      const body = { ...authorizationView(authorization), links: authorizationLinks(authorization, baseUrl) };
      return draft(trigger === 'void' ? AUTHORIZATION_VOIDED : AUTHORIZATION_CREATED, body);
    }
    case KINDS.capture: {
      const capture = resource as StoredCaptureV1;
      return draft(CAPTURE_COMPLETED, { ...captureView(capture), links: captureLinks(capture, baseUrl) });
    }
    case KINDS.refund: {
      const refund = resource as StoredRefundV1;
      const body = { ...refundView(refund), links: refundLinks(refund, baseUrl) };
      return draft(refund.body.sale_id ? SALE_REFUNDED : CAPTURE_REFUNDED, body);
    }
    default:
      return [];
  }
}

/** Payments v1 events. */
export const PAYMENT_V1_EVENTS: EventContribution = { types: SALE_EVENT_TYPES, map: paymentV1Events };
