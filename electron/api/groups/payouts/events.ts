import type { EventDraft, EventTypeDefinition, SampleContext } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { sampleBatchResource, sampleItemResource } from './event-samples.js';
import type { StoredPayoutBatch, StoredPayoutItem } from './types.js';
import { batchLinks, batchView, itemLinks, itemView } from './views.js';

export const PAYOUTS_BATCH_PROCESSING = 'PAYMENT.PAYOUTSBATCH.PROCESSING';
export const PAYOUTS_BATCH_SUCCESS = 'PAYMENT.PAYOUTSBATCH.SUCCESS';
export const PAYOUTS_BATCH_DENIED = 'PAYMENT.PAYOUTSBATCH.DENIED';
export const PAYOUTS_ITEM_SUCCEEDED = 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED';
export const PAYOUTS_ITEM_UNCLAIMED = 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED';
export const PAYOUTS_ITEM_RETURNED = 'PAYMENT.PAYOUTS-ITEM.RETURNED';
export const PAYOUTS_ITEM_CANCELED = 'PAYMENT.PAYOUTS-ITEM.CANCELED';
export const PAYOUTS_ITEM_FAILED = 'PAYMENT.PAYOUTS-ITEM.FAILED';
export const PAYOUTS_ITEM_BLOCKED = 'PAYMENT.PAYOUTS-ITEM.BLOCKED';
export const PAYOUTS_ITEM_DENIED = 'PAYMENT.PAYOUTS-ITEM.DENIED';
export const PAYOUTS_ITEM_HELD = 'PAYMENT.PAYOUTS-ITEM.HELD';
export const PAYOUTS_ITEM_REFUNDED = 'PAYMENT.PAYOUTS-ITEM.REFUNDED';

/** Payouts is a v1 API: its resources are version 1.0 (2.0 is taken too, as for every type of the catalog). */
const RESOURCE_VERSIONS = ['1.0', '2.0'] as const;

const batchId = (r: Record<string, unknown>): string =>
  String((r.batch_header as { payout_batch_id?: unknown } | undefined)?.payout_batch_id ?? '');
const itemId = (r: Record<string, unknown>): string => String(r.payout_item_id ?? '');

/**
 * The event types of one resource type: each names a status its sample is in, and its summary reads the
 * resource's id.
 */
function typesOf<S>(
  resourceType: string,
  idOf: (resource: Record<string, unknown>) => string,
  sampleIn: (context: SampleContext, status: S) => Record<string, unknown>,
) {
  return (
    name: string,
    description: string,
    status: S,
    summary: (id: string) => string,
  ): EventTypeDefinition => ({
    name,
    description,
    resourceType,
    resourceVersions: RESOURCE_VERSIONS,
    summary: (r) => summary(idOf(r)),
    sample: (_v, context) => sampleIn(context, status),
  });
}

/** Batch events carry the header only (the platform's: "PAYOUTSBATCH webhooks do not contain items"). */
const batchType = typesOf('payouts', batchId, sampleBatchResource);
const itemType = typesOf('payouts_item', itemId, sampleItemResource);

const PAYOUT_EVENT_TYPES: readonly EventTypeDefinition[] = [
  batchType(
    PAYOUTS_BATCH_PROCESSING,
    'A batch payout moved to processing.',
    'PROCESSING',
    (id) => `Payouts batch ${id} is being processed`,
  ),
  batchType(
    PAYOUTS_BATCH_SUCCESS,
    'A batch payout completed: every item has its outcome.',
    'SUCCESS',
    (id) => `Payouts batch ${id} completed successfully`,
  ),
  batchType(
    PAYOUTS_BATCH_DENIED,
    'A batch payout was denied (insufficient funds); nothing was paid.',
    'DENIED',
    (id) => `Payouts batch ${id} was denied`,
  ),
  itemType(
    PAYOUTS_ITEM_SUCCEEDED,
    'A payouts item succeeded.',
    'SUCCESS',
    (id) => `Payouts item ${id} succeeded`,
  ),
  itemType(
    PAYOUTS_ITEM_UNCLAIMED,
    'A payouts item is unclaimed: the receiver has no account yet.',
    'UNCLAIMED',
    (id) => `Payouts item ${id} is unclaimed`,
  ),
  itemType(
    PAYOUTS_ITEM_RETURNED,
    'A payouts item was returned: unclaimed for 30 days.',
    'RETURNED',
    (id) => `Payouts item ${id} was returned`,
  ),
  itemType(
    PAYOUTS_ITEM_CANCELED,
    'An unclaimed payouts item was cancelled by the sender.',
    'RETURNED',
    (id) => `Payouts item ${id} was cancelled`,
  ),
  itemType(PAYOUTS_ITEM_FAILED, 'A payouts item failed.', 'FAILED', (id) => `Payouts item ${id} failed`),
  itemType(
    PAYOUTS_ITEM_BLOCKED,
    'A payouts item was blocked.',
    'BLOCKED',
    (id) => `Payouts item ${id} was blocked`,
  ),
  itemType(
    PAYOUTS_ITEM_DENIED,
    'A payouts item was denied.',
    'DENIED',
    (id) => `Payouts item ${id} was denied`,
  ),
  itemType(
    PAYOUTS_ITEM_HELD,
    'A payouts item is held for review.',
    'ONHOLD',
    (id) => `Payouts item ${id} is on hold`,
  ),
  itemType(
    PAYOUTS_ITEM_REFUNDED,
    'A payouts item was refunded by its receiver.',
    'REFUNDED',
    (id) => `Payouts item ${id} was refunded`,
  ),
];

/** The event an item reports when processing stores it in its outcome. */
const ITEM_OUTCOME_EVENTS: Readonly<Record<string, string>> = {
  SUCCESS: PAYOUTS_ITEM_SUCCEEDED,
  UNCLAIMED: PAYOUTS_ITEM_UNCLAIMED,
  FAILED: PAYOUTS_ITEM_FAILED,
  BLOCKED: PAYOUTS_ITEM_BLOCKED,
  DENIED: PAYOUTS_ITEM_DENIED,
  ONHOLD: PAYOUTS_ITEM_HELD,
};

const ITEM_MOVE_EVENTS: Readonly<Record<string, string>> = {
  refund: PAYOUTS_ITEM_REFUNDED,
  return: PAYOUTS_ITEM_RETURNED,
  cancel: PAYOUTS_ITEM_CANCELED,
};

const BATCH_MOVE_EVENTS: Readonly<Record<string, string>> = {
  process: PAYOUTS_BATCH_PROCESSING,
  complete: PAYOUTS_BATCH_SUCCESS,
  deny: PAYOUTS_BATCH_DENIED,
};

/** Which transitions of batches and items are events, with the resource as the API shows it. */
function payoutEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger, from } = transition;
  if (!resource.app_id) return [];
  const draft = (eventType: string | undefined, body: () => Record<string, unknown>): EventDraft[] =>
    eventType ? [{ eventType, resource: body(), resourceId: resource.id, appId: resource.app_id ?? '' }] : [];
  if (resource.kind === 'payout-batch') {
    const batch = resource as StoredPayoutBatch;
    return draft(BATCH_MOVE_EVENTS[trigger], () => ({
      ...batchView(batch, baseUrl),
      links: batchLinks(batch, baseUrl),
    }));
  }
  if (resource.kind === 'payout-item') {
    const item = resource as StoredPayoutItem;
    const type = from === null ? ITEM_OUTCOME_EVENTS[item.status] : ITEM_MOVE_EVENTS[trigger];
    // A snapshot of the item's row (15,000 events a batch): built from it when read, not stored twice.
    return type
      ? [{ eventType: type, snapshotOf: item.kind, resourceId: item.id, appId: resource.app_id }]
      : [];
  }
  return [];
}

/** An item as its events show it. */
const itemEventResource = (item: StoredPayoutItem, baseUrl: string): Record<string, unknown> => ({
  ...itemView(item, baseUrl),
  links: itemLinks(item, baseUrl),
});

/** Payouts events: the batch's processing, success and denial, and every item outcome. */
export const PAYOUT_EVENTS: EventContribution = {
  types: PAYOUT_EVENT_TYPES,
  map: payoutEvents,
  snapshots: { 'payout-item': (item, baseUrl) => itemEventResource(item as StoredPayoutItem, baseUrl) },
};
