import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiCallError } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';
import {
  listPlans,
  listProducts,
  listSubscriptionTransactions,
  showPlan,
  showProduct,
  showSubscription,
  type Product,
} from './billing-api';

/**
 * What the billing pages read: the API's own lists and resources (through the bridge, so they show in
 * the request log), under keys that host change events and clock moves invalidate.
 */

/** A 4xx will answer the same again: only a 5xx or a network failure is worth a retry. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiCallError && error.status < 500) && failures < 2;

/** The simulated clock (the shell's own query: moving the clock refreshes it). */
export function useClockNow(): string | undefined {
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  return info.data?.clock.now;
}

export function useProductsPage(page: number) {
  return useQuery({
    queryKey: queryKeys.billing.products(page),
    queryFn: () => listProducts(page),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** The most catalog pages a product picker reads (20 each). */
const PICKER_PAGES = 5;

/** Products for a picker: the first pages of the catalog, oldest first as the API lists them. */
export function useProductChoices() {
  return useQuery({
    queryKey: queryKeys.billing.products(0),
    queryFn: async () => {
      const products: Product[] = [];
      for (let page = 1; page <= PICKER_PAGES; page++) {
        const list = await listProducts(page);
        products.push(...(list.products ?? []));
        if (page >= (list.total_pages ?? 1)) return { products, more: false };
      }
      return { products, more: true };
    },
    retry: retryServerErrors,
  });
}

export function usePlansPage(productId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.billing.plans(productId, page),
    queryFn: () => listPlans(page, productId || undefined),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: queryKeys.billing.product(id),
    queryFn: () => showProduct(id),
    retry: retryServerErrors,
  });
}

export function usePlan(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.billing.plan(id ?? ''),
    queryFn: () => showPlan(id ?? ''),
    enabled: Boolean(id),
    retry: retryServerErrors,
  });
}

export function useSubscription(id: string) {
  return useQuery({
    queryKey: queryKeys.billing.subscription(id),
    queryFn: () => showSubscription(id),
    retry: retryServerErrors,
  });
}

/**
 * The end of a transactions search: the start of the second UTC day after `now`. A payment is never in
 * the future, and the cached clock lags the host's by up to its refresh interval, so a search that ends
 * "now" could miss the payment just made; the day boundary keeps the query key stable for a day.
 */
export function transactionsSearchEnd(now: string): string {
  const day = new Date(Date.parse(now) + 2 * 86_400_000).toISOString().slice(0, 10);
  return `${day}T00:00:00Z`;
}

/** A subscription's payments from its start on (`GET .../transactions`). */
export function useSubscriptionTransactions(id: string, start: string | undefined, now: string | undefined) {
  const end = now ? transactionsSearchEnd(now) : undefined;
  return useQuery({
    queryKey: queryKeys.billing.transactions(id, start, end),
    queryFn: () => listSubscriptionTransactions(id, start ?? '', end ?? ''),
    enabled: Boolean(start && end),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/**
 * The ledger lines one sale wrote (its transaction id is the sale's id), read when its row is opened:
 * the support view's lookup, which finds entries by transaction id.
 */
export function useSaleLedger(saleId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.ledger(saleId),
    queryFn: async () =>
      (await bridge.lookupId({ id: saleId })).ledger.filter((l) => l.transaction_id === saleId),
    enabled,
  });
}
