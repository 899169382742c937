import type { ProductView } from '../../../../shared/api/catalog-products';
import type {
  BillingCycleView,
  CycleExecutionView,
  PlanView,
  SubscriptionTransactionView,
  SubscriptionView,
} from '../../../../shared/api/subscriptions';
import type { ApiResponse } from '../../../../shared/bridge';
import type { Money } from '../../../../shared/money';
import { callApi, newRequestId } from '../../api/api-call';
import type { PatchOperation } from '../../../../shared/json-patch';

/**
 * The recurring-billing calls the pages make: through the bridge, so each shows in the request log
 * exactly as an integration would send it.
 */

export const PRODUCTS_PATH = '/v1/catalogs/products';
export const PLANS_PATH = '/v1/billing/plans';
export const SUBSCRIPTIONS_PATH = '/v1/billing/subscriptions';
export const LEGACY_PLANS_PATH = '/v1/payments/billing-plans';
export const LEGACY_AGREEMENTS_PATH = '/v1/payments/billing-agreements';

const at = (base: string, id: string, action = '') =>
  `${base}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** The most entries one list page of the catalog and plan APIs holds (`page_size` 1..20). */
export const API_PAGE_SIZE = 20;

const representation = { Prefer: 'return=representation' };

const body = <T>(response: ApiResponse) => response.body as T;

// ---- products ----

export const listProducts = async (page: number) =>
  body<ProductList>(
    await callApi({
      method: 'GET',
      path: `${PRODUCTS_PATH}?page_size=${API_PAGE_SIZE}&page=${page}&total_required=true`,
    }),
  );

export const showProduct = async (id: string) =>
  body<Product>(await callApi({ method: 'GET', path: at(PRODUCTS_PATH, id) }));

export const createProduct = async (request: Record<string, unknown>, requestId: string) =>
  body<Product>(
    await callApi({
      method: 'POST',
      path: PRODUCTS_PATH,
      headers: { ...representation, 'Svc-Request-Id': requestId },
      body: request,
    }),
  );

export const patchProduct = (id: string, operations: PatchOperation[]) =>
  callApi({ method: 'PATCH', path: at(PRODUCTS_PATH, id), body: operations });

// ---- plans ----

/** One page of plans, whole (`Prefer: return=representation`), of one product or of all. */
export const listPlans = async (page: number, productId?: string) =>
  body<PlanList>(
    await callApi({
      method: 'GET',
      path: `${PLANS_PATH}?page_size=${API_PAGE_SIZE}&page=${page}&total_required=true${productId ? `&product_id=${encodeURIComponent(productId)}` : ''}`,
      headers: representation,
    }),
  );

export const showPlan = async (id: string) =>
  body<Plan>(await callApi({ method: 'GET', path: at(PLANS_PATH, id) }));

export const createPlan = async (request: unknown, requestId: string) =>
  body<Plan>(
    await callApi({
      method: 'POST',
      path: PLANS_PATH,
      headers: { ...representation, 'Svc-Request-Id': requestId },
      body: request,
    }),
  );

export const patchPlan = (id: string, operations: PatchOperation[]) =>
  callApi({ method: 'PATCH', path: at(PLANS_PATH, id), body: operations });

export const activatePlan = (id: string) => callApi({ method: 'POST', path: at(PLANS_PATH, id, 'activate') });
export const deactivatePlan = (id: string) =>
  callApi({ method: 'POST', path: at(PLANS_PATH, id, 'deactivate') });

/** A new price for some cycles: existing subscriptions pay it from their next cycle. */
export const updatePricing = (
  id: string,
  schemes: { billing_cycle_sequence: number; pricing_scheme: { fixed_price: Money } }[],
) =>
  callApi({
    method: 'POST',
    path: at(PLANS_PATH, id, 'update-pricing-schemes'),
    body: { pricing_schemes: schemes },
  });

// ---- subscriptions ----

export const showSubscription = async (id: string) =>
  body<Subscription>(
    await callApi({ method: 'GET', path: `${at(SUBSCRIPTIONS_PATH, id)}?fields=last_failed_payment,plan` }),
  );

export const createSubscription = async (request: unknown, requestId: string) =>
  body<Subscription>(
    await callApi({
      method: 'POST',
      path: SUBSCRIPTIONS_PATH,
      headers: { ...representation, 'Svc-Request-Id': requestId },
      body: request,
    }),
  );

export type SubscriptionMove = 'activate' | 'suspend' | 'cancel';

export const moveSubscription = (id: string, move: SubscriptionMove, reason: string) =>
  callApi({
    method: 'POST',
    path: at(SUBSCRIPTIONS_PATH, id, move),
    body: reason.trim() ? { reason: reason.trim() } : {},
  });

export const reviseSubscription = async (id: string, request: { plan_id?: string; quantity?: string }) =>
  body<ReviseAnswer>(
    await callApi({ method: 'POST', path: at(SUBSCRIPTIONS_PATH, id, 'revise'), body: request }),
  );

export const captureOutstanding = (id: string, amount: Money, note: string) =>
  callApi({
    method: 'POST',
    path: at(SUBSCRIPTIONS_PATH, id, 'capture'),
    headers: { 'Svc-Request-Id': newRequestId() },
    body: { note, capture_type: 'OUTSTANDING_BALANCE', amount },
  });

export const listSubscriptionTransactions = async (id: string, start: string, end: string) =>
  body<{ transactions?: SubscriptionTransaction[] }>(
    await callApi({
      method: 'GET',
      path: `${at(SUBSCRIPTIONS_PATH, id, 'transactions')}?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`,
    }),
  );

/** One page of subscriptions (the workbench's list; the platform has none), of some plans or of all. */
export const listSubscriptions = async (page: number, planId?: string) =>
  body<SubscriptionList>(
    await callApi({
      method: 'GET',
      path: `${SUBSCRIPTIONS_PATH}?page_size=${API_PAGE_SIZE}&page=${page}&total_required=true${planId ? `&plan_ids=${encodeURIComponent(planId)}` : ''}`,
    }),
  );

// ---- the sandbox ----

const SANDBOX_SUBSCRIPTIONS = '/v1/test-helpers/billing/subscriptions';

/**
 * Moves the simulated clock to the subscription's next billing time: that cycle (and every other job
 * due by then) runs on the way.
 */
export const advanceToNextBilling = async (id: string) =>
  body<{ now?: string; jobs_run?: number }>(
    await callApi({
      method: 'POST',
      path: at(SANDBOX_SUBSCRIPTIONS, id, 'advance-to-next-billing'),
      body: {},
    }),
  );

/** Makes the subscription's next payment attempts fail, to see retries, the balance and a suspension. */
export const failNextPayment = (id: string, count: number) =>
  callApi({
    method: 'POST',
    path: at(SANDBOX_SUBSCRIPTIONS, id, 'fail-next-payment'),
    body: { reason_code: 'PAYMENT_DENIED', count },
  });

// ---- shapes as the API shows them (the groups' views, with the links the host adds) ----

export interface Link {
  href: string;
  rel: string;
  method?: string;
}

interface Linked {
  links?: Link[];
}

export type Product = ProductView & Linked;
export type Plan = PlanView & Linked;
export type BillingCycle = BillingCycleView;
export type CycleExecution = CycleExecutionView;
export type Subscription = SubscriptionView & Linked;
export type SubscriptionTransaction = SubscriptionTransactionView;

export interface Paged extends Linked {
  total_items?: number;
  total_pages?: number;
}

export interface ProductList extends Paged {
  products?: Product[];
}

export interface PlanList extends Paged {
  plans?: Plan[];
}

export interface SubscriptionList extends Paged {
  subscriptions?: Subscription[];
}

export interface ReviseAnswer extends Linked {
  plan_id?: string;
  quantity?: string;
  plan_overridden?: boolean;
}
