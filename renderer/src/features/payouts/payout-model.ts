import type { ResourceSummary } from '../../../../shared/bridge';
import { fromMinor, toMinor } from '../../../../shared/money';
import {
  payoutBatchMachine,
  payoutItemMachine,
  type PayoutBatchStatus,
  type PayoutItemStatus,
} from './payout-machines';

/** Payouts as the workbench reads them: resource kinds, the API's shapes, and sums. Pure. */

export const PAYOUT_BATCH_KIND = 'payout-batch';
export const PAYOUT_ITEM_KIND = 'payout-item';
export const REFERENCED_BATCH_KIND = 'referenced-payout-batch';
export const REFERENCED_ITEM_KIND = 'referenced-payout-item';

export const BATCH_STATUSES = Object.keys(payoutBatchMachine.states) as PayoutBatchStatus[];
export const ITEM_STATUSES = Object.keys(payoutItemMachine.states) as PayoutItemStatus[];

/** Money v1 (`currency`, `value`), as payouts carry it; Money v2 is read too. */
export interface MoneyV1 {
  currency?: string;
  currency_code?: string;
  value?: string;
}

export interface PayoutBatchHeaderView {
  payout_batch_id?: string;
  batch_status?: string;
  time_created?: string;
  time_completed?: string;
  time_closed?: string;
  sender_batch_header?: { sender_batch_id?: string; email_subject?: string; email_message?: string };
  amount?: MoneyV1;
  fees?: MoneyV1;
  errors?: { name?: string; message?: string };
}

export interface PayoutItemView {
  payout_item_id?: string;
  transaction_id?: string;
  activity_id?: string;
  transaction_status?: string;
  payout_item_fee?: MoneyV1;
  payout_batch_id?: string;
  sender_batch_id?: string;
  payout_item?: {
    recipient_type?: string;
    amount?: MoneyV1;
    note?: string;
    receiver?: string;
    sender_item_id?: string;
  };
  time_processed?: string;
  errors?: { name?: string; message?: string };
  links?: { href: string; rel: string; method?: string }[];
}

export interface PayoutBatchView {
  batch_header?: PayoutBatchHeaderView;
  items?: PayoutItemView[];
  total_items?: number;
  total_pages?: number;
}

export const currencyOf = (money: MoneyV1 | undefined): string =>
  money?.currency ?? money?.currency_code ?? '';

/** `{currency: 'USD', value: '1.00'}` (or Money v2) -> `1.00 USD`; a dash when absent. */
export function formatMoneyV1(money: MoneyV1 | undefined): string {
  if (!money?.value) return '—';
  return `${money.value} ${currencyOf(money)}`.trim();
}

/** The batch's header, whether the view is the whole batch or the header alone. */
export function batchHeaderOf(resource: unknown): PayoutBatchHeaderView {
  const view = (resource ?? {}) as PayoutBatchView & PayoutBatchHeaderView;
  return view.batch_header ?? view;
}

/** Sums amounts per currency, exactly; amounts that do not parse are left out. */
export function sumByCurrency(amounts: readonly (MoneyV1 | undefined)[]): MoneyV1[] {
  const sums = new Map<string, bigint>();
  for (const money of amounts) {
    const currency = currencyOf(money);
    if (!money?.value || !currency) continue;
    try {
      sums.set(currency, (sums.get(currency) ?? 0n) + toMinor(money.value, currency));
    } catch {
      // Not a readable amount: nothing to add.
    }
  }
  return [...sums].map(([currency, minor]) => ({ currency, value: fromMinor(minor, currency) }));
}

export const formatTotals = (totals: readonly MoneyV1[]): string =>
  totals.length === 0 ? '—' : totals.map(formatMoneyV1).join(' + ');

/** Whether a batch may still change by itself (the detail page polls while it does). */
export const isBatchInFlight = (status: string | undefined): boolean =>
  status === 'PENDING' || status === 'PROCESSING';

/**
 * How far processing is: the items decided so far by status (the host stores an item once processing
 * decides it), against the batch's `total_items`; the rest still wait in the batch.
 */
export function progressOf(counts: Readonly<Record<string, number>>, total: number) {
  const byStatus = ITEM_STATUSES.filter((s) => s !== 'PENDING' && (counts[s] ?? 0) > 0).map((status) => ({
    status,
    count: counts[status] ?? 0,
  }));
  const processed = byStatus.reduce((sum, s) => sum + s.count, 0);
  const all = Math.max(total, processed);
  return {
    processed,
    pending: all - processed,
    total: all,
    fraction: all === 0 ? 0 : processed / all,
    byStatus,
  };
}

export type Progress = ReturnType<typeof progressOf>;

/** Thirty days, in ms: an unclaimed payout returns to the sender this long after it became unclaimed. */
export const RETURN_AFTER_MS = 30 * 24 * 3600 * 1000;

/**
 * What 30 more simulated days would return: every item unclaimed now (each returns 30 days after it
 * became unclaimed, which is at most 30 days from now), with when and how much.
 */
export function returnPreview(unclaimed: readonly ResourceSummary[], nowMs: number | undefined) {
  const items = unclaimed.map((item) => {
    const since = Date.parse(item.update_time);
    const returnsAt = Number.isNaN(since) ? undefined : since + RETURN_AFTER_MS;
    return {
      id: item.id,
      amount: item.amount,
      returnsAt: returnsAt === undefined ? undefined : new Date(returnsAt).toISOString(),
      daysLeft:
        returnsAt === undefined || nowMs === undefined
          ? undefined
          : Math.max(0, Math.ceil((returnsAt - nowMs) / (24 * 3600 * 1000))),
    };
  });
  return { items, totals: sumByCurrency(unclaimed.map((u) => u.amount)) };
}

/**
 * An item's position in its batch (1-based, as sent): the API names an item by its batch id and its
 * index in base 36; undefined for an id of another form.
 */
export function positionInBatch(batchId: string, itemId: string): number | undefined {
  const suffix = itemId.startsWith(batchId) ? itemId.slice(batchId.length) : '';
  return /^[0-9A-Z]{3}$/.test(suffix) ? parseInt(suffix, 36) + 1 : undefined;
}
