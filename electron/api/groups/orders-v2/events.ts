import type { ResourceTransition } from '../../transition-bus.js';
import type { EventContribution } from '../../group-module.js';
import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import { sampleOrderResource } from './event-samples.js';
import type { StoredOrder } from './types.js';

export const ORDER_APPROVED = 'CHECKOUT.ORDER.APPROVED';
export const ORDER_COMPLETED = 'CHECKOUT.ORDER.COMPLETED';
export const ORDER_VOIDED = 'CHECKOUT.ORDER.VOIDED';
export const PAYMENT_APPROVAL_REVERSED = 'CHECKOUT.PAYMENT-APPROVAL.REVERSED';

/** What the reversal event reads of an order: its stored body or the order as the API shows it. */
interface ReversedOrder {
  id?: string;
  purchase_units?: readonly { reference_id?: string; amount?: unknown }[];
  payer?: unknown;
}

/** The resource of CHECKOUT.PAYMENT-APPROVAL.REVERSED: which order, its units' amounts, and the payer. */
function reversalResource(order: ReversedOrder): Record<string, unknown> {
  return {
    order_id: order.id,
    purchase_units: (order.purchase_units ?? []).map((unit) => ({
      reference_id: unit.reference_id,
      amount: unit.amount,
    })),
    ...(order.payer ? { payer: order.payer } : {}),
  };
}

/** The order as the API shows it (whole, with links) for an event's resource. */
export type OrderEventView = (order: StoredOrder, baseUrl: string) => Record<string, unknown>;

const order =
  (status: Parameters<typeof sampleOrderResource>[1]) =>
  (_version: string, context: Parameters<typeof sampleOrderResource>[0]) =>
    sampleOrderResource(context, status);

const ORDER_EVENT_TYPES: readonly EventTypeDefinition[] = [
  {
    name: ORDER_APPROVED,
    description: 'An order has been approved by buyer.',
    resourceType: 'checkout-order',
    resourceVersions: ['2.0'],
    summary: () => 'An order has been approved by buyer',
    sample: order('APPROVED'),
  },
  {
    name: ORDER_COMPLETED,
    description: 'Payment for an order has been authorized or captured, and the order is completed.',
    resourceType: 'checkout-order',
    resourceVersions: ['2.0'],
    summary: () => 'Checkout Order Completed',
    sample: order('COMPLETED'),
  },
  {
    name: ORDER_VOIDED,
    description: 'Every authorization of an order was voided before any capture.',
    resourceType: 'checkout-order',
    resourceVersions: ['2.0'],
    summary: () => 'An order has been voided',
    sample: order('VOIDED'),
  },
  {
    name: PAYMENT_APPROVAL_REVERSED,
    description:
      "A payment was reversed after approval: the order was approved but neither captured nor authorized within 3 days, so the buyer's approval lapsed.",
    resourceType: 'checkout-order',
    resourceVersions: ['2.0'],
    summary: (resource) =>
      `The approval of order ${String(resource.order_id ?? '')} was reversed: not paid within 3 days`,
    sample: (_version, context) => reversalResource(sampleOrderResource(context, 'VOIDED') as ReversedOrder),
  },
];

/** Orders v2 events: their types and the order transitions that emit them. */
export function orderEvents(view: OrderEventView): EventContribution {
  return {
    types: ORDER_EVENT_TYPES,
    map: (transition: ResourceTransition, baseUrl: string): EventDraft[] => {
      const { resource, trigger, from } = transition;
      if (resource.kind !== 'order' || !resource.app_id) return [];
      const draft = (eventType: string, body: Record<string, unknown>): EventDraft[] => [
        { eventType, resource: body, resourceId: resource.id, appId: resource.app_id ?? '' },
      ];
      const whole = () => view(resource as StoredOrder, baseUrl);
      // What the reversal shows (the id, the units' references and amounts, the payer) is the order's
      // own body, which the whole view only copies: building the view would read the order's payments
      // and trackers for nothing (a clock move reverses thousands of approvals at once).
      if (trigger === 'reverse-approval')
        return draft(PAYMENT_APPROVAL_REVERSED, reversalResource((resource as StoredOrder).body));
      if (resource.status === 'APPROVED' && from !== 'APPROVED') return draft(ORDER_APPROVED, whole());
      if (resource.status === 'COMPLETED' && (trigger === 'capture' || trigger === 'authorize'))
        return draft(ORDER_COMPLETED, whole());
      if (resource.status === 'VOIDED' && trigger === 'void') return draft(ORDER_VOIDED, whole());
      return [];
    },
  };
}
