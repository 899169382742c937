import {
  payoutBatchMachine,
  payoutItemMachine,
  type PayoutItemStatus,
} from '../../../../shared/api/payouts/machines.js';
import { payoutFee } from '../../../../shared/api/payouts/fee-schedule.js';
import { PAYOUT_ITEM_ERRORS } from '../../../../shared/api/payouts/sandbox-receivers.js';
import type { MoneyV1 } from '../../../../shared/api/payouts/schemas.js';
import { legalTriggers } from '../../../../shared/machines/machine.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import { defineResourceKind, type ResourceSummaryFields } from '../../group-module.js';
import { informationLink } from '../../pipeline/error-body.js';
import { link, type Link } from '../../pipeline/links.js';
import type { PayoutErrors, PayoutItemSpec, StoredPayoutBatch, StoredPayoutItem } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';
import { payoutItemId } from './ids.js';
import { payoutItemStoredForm } from './item-stored-form.js';

export { parsePayoutItemId, payoutItemId } from './ids.js';

export const BATCHES_PATH = '/v1/payments/payouts';
export const ITEMS_PATH = '/v1/payments/payouts-item';

export const moneyV1 = (minor: bigint, currency: string): MoneyV1 => ({
  currency,
  value: fromMinor(minor, currency),
});

function errorsView(errors: PayoutErrors, base: string): Record<string, unknown> {
  return {
    name: errors.name,
    message: PAYOUT_ITEM_ERRORS[errors.name],
    information_link: informationLink(base, errors.name),
    details: [],
  };
}

/** The batch header as the API shows it (spec 2.12), its status from the row. */
export function batchHeaderView(batch: StoredPayoutBatch, base: string): Record<string, unknown> {
  const b = batch.body;
  return {
    payout_batch_id: b.payout_batch_id,
    batch_status: batch.status,
    time_created: b.time_created,
    ...(b.time_completed ? { time_completed: b.time_completed } : {}),
    ...(b.time_closed ? { time_closed: b.time_closed } : {}),
    sender_batch_header: b.sender_batch_header,
    funding_source: b.funding_source,
    ...(b.amount ? { amount: b.amount } : {}),
    ...(b.fees ? { fees: b.fees } : {}),
    ...(b.errors ? { errors: errorsView(b.errors, base) } : {}),
  };
}

/** A batch as a resource: its header (the create answer, webhook events, the support view). */
export const batchView = (batch: StoredPayoutBatch, base: string): Record<string, unknown> => ({
  batch_header: batchHeaderView(batch, base),
});

export const batchLinks = (batch: StoredPayoutBatch, base: string): Link[] => [
  link(base, `${BATCHES_PATH}/${batch.id}`, 'self'),
];

/** An item as the API shows it (spec 2.12), without links. */
export function itemView(item: StoredPayoutItem, base: string): Record<string, unknown> {
  const b = item.body;
  return {
    payout_item_id: b.payout_item_id,
    ...(b.transaction_id ? { transaction_id: b.transaction_id } : {}),
    ...(b.activity_id ? { activity_id: b.activity_id } : {}),
    transaction_status: item.status,
    payout_item_fee: b.payout_item_fee,
    payout_batch_id: b.payout_batch_id,
    ...(b.sender_batch_id !== undefined ? { sender_batch_id: b.sender_batch_id } : {}),
    payout_item: b.payout_item,
    ...(b.time_processed ? { time_processed: b.time_processed } : {}),
    ...(b.errors ? { errors: errorsView(b.errors, base) } : {}),
  };
}

/** The item statuses its machine allows a cancel from (links follow the machine). */
const CANCELLABLE: ReadonlySet<string> = new Set(
  (Object.keys(payoutItemMachine.states) as PayoutItemStatus[]).filter((status) =>
    legalTriggers(payoutItemMachine, status).includes('cancel'),
  ),
);

/** An item's own links: itself, its batch, and `cancel` while it is UNCLAIMED. */
export function itemLinks(item: StoredPayoutItem, base: string): Link[] {
  const path = `${ITEMS_PATH}/${item.id}`;
  const links = [
    link(base, path, 'self'),
    link(base, `${BATCHES_PATH}/${item.body.payout_batch_id}`, 'batch'),
  ];
  if (CANCELLABLE.has(item.status)) links.push(link(base, `${path}/cancel`, 'cancel', 'POST'));
  return links;
}

/** In a batch's `items`, each item links itself as `item` (the platform's rel). */
export const listedItemLinks = (id: string, base: string): Link[] => [
  link(base, `${ITEMS_PATH}/${id}`, 'item'),
];

/**
 * An item its batch still holds (not processed yet): PENDING, or DENIED with its batch. Shaped like a
 * stored item so the same view shows it; it is never written.
 */
export function unprocessedItem(
  batch: StoredPayoutBatch,
  index: number,
  spec: PayoutItemSpec | undefined,
): StoredPayoutItem | undefined {
  if (!spec) return undefined;
  const id = payoutItemId(batch.id, index);
  const denied = batch.status === 'DENIED';
  const currency = spec.amount.currency;
  const amountMinor = toMinor(spec.amount.value, currency);
  return {
    ...resourceEnvelope({
      kind: 'payout-item',
      id,
      app: batch.app_id,
      status: denied ? 'DENIED' : 'PENDING',
      parent: batch.id,
      root: batch.id,
      at: batch.create_time,
      updated: batch.update_time,
    }),
    body: {
      payout_item_id: id,
      payout_item_fee: moneyV1(payoutFee(amountMinor, currency), currency),
      payout_batch_id: batch.id,
      ...(batch.body.sender_batch_header.sender_batch_id !== undefined
        ? { sender_batch_id: batch.body.sender_batch_header.sender_batch_id }
        : {}),
      payout_item: spec,
      ...(denied ? { errors: { name: 'INSUFFICIENT_FUNDS' as const } } : {}),
    },
    internal: {
      index,
      sender_account_id: batch.internal.sender_account_id,
      currency,
      amount_minor: String(amountMinor),
      fee_minor: '0',
    },
  };
}

const summaryOf = (amount: MoneyV1 | undefined): ResourceSummaryFields =>
  amount ? { amount: { currency_code: amount.currency, value: amount.value } } : {};

/** The resource kinds of payouts: a batch is the root of its items' lineage. */
export const PAYOUT_RESOURCE_KINDS = [
  defineResourceKind<StoredPayoutBatch>({
    kind: 'payout-batch',
    machine: payoutBatchMachine,
    view: batchView,
    links: batchLinks,
    summary: (batch) => summaryOf(batch.body.amount),
    rootKind: 'payout-batch',
  }),
  defineResourceKind<StoredPayoutItem>({
    kind: 'payout-item',
    machine: payoutItemMachine,
    view: itemView,
    links: itemLinks,
    summary: (item) => summaryOf(item.body.payout_item.amount),
    rootKind: 'payout-batch',
    storedForm: payoutItemStoredForm,
  }),
];
