import type { EventDraft, EventTypeDefinition } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { sampleItemResource } from './event-samples.js';
import { ITEM_KIND, type StoredReferencedPayoutItem } from './types.js';
import { itemWithLinks } from './views.js';

export const REFERENCED_PAYOUT_ITEM_COMPLETED = 'PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED';
export const REFERENCED_PAYOUT_ITEM_FAILED = 'PAYMENT.REFERENCED-PAYOUT-ITEM.FAILED';

/** The envelope's `resource_type` of item events (the payouts family's form, like `payouts_item`). */
export const ITEM_RESOURCE_TYPE = 'referenced_payouts_item';

const amountText = (resource: Record<string, unknown>): string => {
  const amount = resource.payout_amount as { value?: string; currency_code?: string } | undefined;
  return amount?.value && amount.currency_code ? `${amount.value} ${amount.currency_code}` : 'an amount';
};

const ITEM_EVENT_TYPES: readonly EventTypeDefinition[] = [
  {
    name: REFERENCED_PAYOUT_ITEM_COMPLETED,
    description: 'Funds were disbursed to the payee of a referenced payout item.',
    resourceType: ITEM_RESOURCE_TYPE,
    resourceVersions: ['1.0'],
    summary: (r) => `A referenced payout of ${amountText(r)} completed`,
    sample: (_v, context) => sampleItemResource(context, 'SUCCESS'),
  },
  {
    name: REFERENCED_PAYOUT_ITEM_FAILED,
    description: 'A referenced payout item failed; processing_state.reason says why.',
    resourceType: ITEM_RESOURCE_TYPE,
    resourceVersions: ['1.0'],
    summary: (r) => `A referenced payout of ${amountText(r)} failed`,
    sample: (_v, context) => sampleItemResource(context, 'FAILED'),
  },
];

/** An item's move to SUCCESS or FAILED is an event, with the item as the API shows it. */
function referencedPayoutEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger } = transition;
  if (resource.kind !== ITEM_KIND || !resource.app_id) return [];
  const eventType =
    trigger === 'succeed'
      ? REFERENCED_PAYOUT_ITEM_COMPLETED
      : trigger === 'fail'
        ? REFERENCED_PAYOUT_ITEM_FAILED
        : undefined;
  if (!eventType) return [];
  return [
    {
      eventType,
      resource: itemWithLinks(resource as StoredReferencedPayoutItem, baseUrl),
      resourceId: resource.id,
      appId: resource.app_id,
    },
  ];
}

/** Referenced payouts events: an item completed or failed. */
export const REFERENCED_PAYOUT_EVENTS: EventContribution = {
  types: ITEM_EVENT_TYPES,
  map: referencedPayoutEvents,
};
