import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResourceSummary } from '../../../../shared/bridge';
import { ApiCallError, callApi, isNotFound } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';
import {
  isBatchInFlight,
  ITEM_STATUSES,
  PAYOUT_BATCH_KIND,
  PAYOUT_ITEM_KIND,
  type PayoutBatchView,
} from './payout-model';
import { payoutBatchPath } from './payouts-api';

/**
 * What the payout pages read. Items come from the host (`listResources`, live through the keys the
 * host's change events invalidate); a batch's header and item count come from the API itself
 * (`GET /v1/payments/payouts/{id}`, through the bridge so it shows in the request log), read again every
 * second while the batch is in flight. A batch's items are stored one by one as processing decides
 * them, so the host lists only decided items: the API's `total_items` is what they are counted against.
 */

/** How often a batch in flight is read again. */
export const IN_FLIGHT_POLL_MS = 1000;

export const ITEMS_PAGE_SIZE = 25;

const notFoundIsFinal = (failures: number, error: unknown) => !isNotFound(error) && failures < 2;

/** The batch as the API shows it (header and `total_items`, one item), polled while in flight. */
export function useBatchFromApi(id: string) {
  return useQuery({
    queryKey: queryKeys.payouts.batch(id),
    queryFn: async () =>
      (await callApi({ method: 'GET', path: `${payoutBatchPath(id)}?page_size=1&total_required=true` }))
        .body as PayoutBatchView,
    retry: (failures, error) => !(error instanceof ApiCallError && error.status < 500) && failures < 2,
    refetchInterval: (query) =>
      query.state.status === 'success' && isBatchInFlight(query.state.data?.batch_header?.batch_status)
        ? IN_FLIGHT_POLL_MS
        : false,
  });
}

/**
 * A batch as the host keeps it (its history, and its stored items among `related`): read once per
 * status, since a large batch carries every item it decided.
 */
export function useBatchSnapshot(id: string, status: string | undefined) {
  return useQuery({
    queryKey: queryKeys.payouts.snapshot(id, status ?? ''),
    queryFn: () => bridge.getResource({ kind: PAYOUT_BATCH_KIND, id }),
    retry: notFoundIsFinal,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** One page of a batch's decided items, optionally of one status. */
export function useBatchItems(batchId: string, status: string, page: number, poll = false) {
  return useQuery({
    queryKey: queryKeys.payouts.items(batchId, { status, page }),
    queryFn: () =>
      bridge.listResources({
        kind: PAYOUT_ITEM_KIND,
        root_id: batchId,
        ...(status ? { status } : {}),
        page: page + 1,
        page_size: ITEMS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? IN_FLIGHT_POLL_MS : false,
  });
}

/** How many of a batch's items were decided, in each status: one count per status. */
export function useItemCounts(batchId: string, poll = false) {
  return useQuery({
    queryKey: queryKeys.payouts.itemCounts(batchId),
    queryFn: async () => {
      const page = { root_id: batchId, page: 1, page_size: 1 };
      const totals = await Promise.all(
        ITEM_STATUSES.map((status) => bridge.listResources({ kind: PAYOUT_ITEM_KIND, status, ...page })),
      );
      const counts: Record<string, number> = {};
      ITEM_STATUSES.forEach((status, i) => (counts[status] = totals[i]?.total ?? 0));
      return counts;
    },
    placeholderData: keepPreviousData,
    refetchInterval: poll ? IN_FLIGHT_POLL_MS : false,
  });
}

/** Every unclaimed item of a batch (read 200 at a time), for what 30 more days would return. */
export function useUnclaimedItems(batchId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payouts.unclaimed(batchId),
    queryFn: async () => {
      const items: ResourceSummary[] = [];
      for (let page = 1; ; page++) {
        const result = await bridge.listResources({
          kind: PAYOUT_ITEM_KIND,
          root_id: batchId,
          status: 'UNCLAIMED',
          page,
          page_size: 200,
        });
        items.push(...result.items);
        if (result.items.length < 200 || items.length >= result.total) return { items, total: result.total };
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The most unclaimed items the return preview lists (its total counts them all). */
export const UNCLAIMED_LIST_LIMIT = 200;
