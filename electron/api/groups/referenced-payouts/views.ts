import {
  referencedPayoutBatchMachine,
  referencedPayoutItemMachine,
} from '../../../../shared/api/referenced-payouts/index.js';
import { defineResourceKind, type ResourceSummaryFields } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import type { Store } from '../../../store/store.js';
import {
  BATCH_KIND,
  ITEM_KIND,
  type ReferencedPayoutItemBody,
  type ReferencedPayoutItemInternal,
  type StoredReferencedPayoutBatch,
  type StoredReferencedPayoutItem,
} from './types.js';

export const BATCHES_PATH = '/v1/payments/referenced-payouts';
export const ITEMS_PATH = '/v1/payments/referenced-payouts-items';

// The platform's links carry no `encType` here; only `self` (GET) is advertised: nothing else can be
// done to a referenced payout.
export const itemLinks = (item: StoredReferencedPayoutItem, base: string): Link[] => [
  link(base, `${ITEMS_PATH}/${item.id}`, 'self'),
];

export const batchLinks = (batch: StoredReferencedPayoutBatch, base: string): Link[] => [
  link(base, `${BATCHES_PATH}/${batch.id}`, 'self'),
];

/** `processing_state` of an item: its status, and why when it FAILED. */
export const processingState = (item: StoredReferencedPayoutItem) => ({
  status: item.status,
  ...(item.status === 'FAILED' && item.internal.failure_reason
    ? { reason: item.internal.failure_reason }
    : {}),
});

/** The members of an item after `item_id` and `processing_state`, in the platform's order. */
const ITEM_MEMBERS = [
  'reference_id',
  'reference_type',
  'payout_amount',
  'payout_destination',
  'payout_transaction_id',
  'disbursement_transaction_id',
  'external_merchant_id',
  'external_reference_id',
  'invoice_id',
  'custom',
  'payee_email',
] as const satisfies readonly (keyof ReferencedPayoutItemBody)[];

/** An item as the API shows it (without links), members in the platform's order. */
export function itemView(item: StoredReferencedPayoutItem): Record<string, unknown> {
  const view: Record<string, unknown> = {
    item_id: item.body.item_id,
    processing_state: processingState(item),
  };
  for (const member of ITEM_MEMBERS) if (item.body[member] !== undefined) view[member] = item.body[member];
  return view;
}

/** An item with its links, as the batch lists it and the events carry it. */
export const itemWithLinks = (item: StoredReferencedPayoutItem, base: string): Record<string, unknown> => ({
  ...itemView(item),
  links: itemLinks(item, base),
});

/** The items of a batch, in the order they were sent. */
export const itemsOfBatch = (store: Store, batchId: string): StoredReferencedPayoutItem[] =>
  store.resources.byRoot<ReferencedPayoutItemBody, ReferencedPayoutItemInternal>(ITEM_KIND, batchId);

/** A batch as the API shows it (without its own links): its items, then the directive. */
export function batchView(
  store: Store,
  batch: StoredReferencedPayoutBatch,
  base: string,
): Record<string, unknown> {
  return {
    referenced_payouts: itemsOfBatch(store, batch.id).map((item) => itemWithLinks(item, base)),
    ...(batch.body.payout_directive ? { payout_directive: batch.body.payout_directive } : {}),
  };
}

/**
 * The resource kinds of referenced payouts. A batch is the root of its items' lineage; a standalone
 * item names itself as its root.
 */
export function referencedPayoutKinds(store: Store) {
  return [
    defineResourceKind<StoredReferencedPayoutBatch>({
      kind: BATCH_KIND,
      machine: referencedPayoutBatchMachine,
      view: (batch, base) => batchView(store, batch, base),
      links: batchLinks,
      summary: (batch): ResourceSummaryFields =>
        batch.internal.total ? { amount: { ...batch.internal.total } } : {},
      rootKind: BATCH_KIND,
    }),
    defineResourceKind<StoredReferencedPayoutItem>({
      kind: ITEM_KIND,
      machine: referencedPayoutItemMachine,
      view: (item) => itemView(item),
      links: itemLinks,
      summary: (item): ResourceSummaryFields => ({ amount: { ...item.body.payout_amount } }),
      rootKind: BATCH_KIND,
    }),
  ];
}
