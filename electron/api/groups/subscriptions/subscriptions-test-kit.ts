import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import { fromMinor } from '../../../../shared/money.js';
import { CLOCK, expectStatus, type Json } from '../../../test-support/test-kit.js';
import { CATALOG_PRODUCTS_ENDPOINTS } from '../../../../shared/api/catalog-products/endpoints.js';
export { CLOCK, advance, expectStatus, type Json } from '../../../test-support/test-kit.js';

/**
 * Shared pieces of the billing tests: a harness on a pinned real time (cycles run only when the test
 * moves the clock), builders for products, plans and subscriptions, and reads. Test support only.
 */

export const PRODUCTS = '/v1/catalogs/products';
export const PLANS = '/v1/billing/plans';
export const SUBSCRIPTIONS = '/v1/billing/subscriptions';
export const HELPERS = '/v1/test-helpers/billing';
export const DAY_SECONDS = 24 * 3600;

export interface BillingHarness extends ApiHarness {
  setRealNow(ms: number): void;
  realNow(): number;
}

export async function startBillingHarness(
  options: { dataDir?: string; realNow?: number } = {},
): Promise<BillingHarness> {
  let real = options.realNow ?? FIXED_NOW;
  const api = await startHarness({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    realNow: () => real,
    config: { tokenLifetimeSeconds: 20 * 365 * 24 * 3600 },
  });
  return Object.assign(api, { setRealNow: (ms: number) => void (real = ms), realNow: () => real });
}

/** The product the API reference shows as its example (so the documented example is what the tests create). */
export const productBody = (extra: Record<string, unknown> = {}) => ({
  ...(CATALOG_PRODUCTS_ENDPOINTS.create.example as Record<string, unknown>),
  ...extra,
});

export async function createProduct(api: ApiHarness, extra: Record<string, unknown> = {}): Promise<string> {
  const body = await expectStatus(await api.request('POST', PRODUCTS, { body: productBody(extra) }), 201);
  return body.id as string;
}

export interface CycleSpec {
  tenure?: 'TRIAL' | 'REGULAR';
  unit?: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  count?: number;
  total?: number;
  price?: string;
  currency?: string;
}

export const cycle = (sequence: number, spec: CycleSpec = {}) => ({
  frequency: { interval_unit: spec.unit ?? 'MONTH', interval_count: spec.count ?? 1 },
  tenure_type: spec.tenure ?? 'REGULAR',
  sequence,
  total_cycles: spec.total ?? 12,
  ...(spec.price !== undefined
    ? { pricing_scheme: { fixed_price: { value: spec.price, currency_code: spec.currency ?? 'USD' } } }
    : {}),
});

export const planBody = (productId: string, extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  name: 'Basic plan',
  description: 'Basic monthly plan',
  billing_cycles: [cycle(1, { price: '10.00' })],
  payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
  ...extra,
});

export async function createPlan(
  api: ApiHarness,
  extra: Record<string, unknown> = {},
  productId?: string,
): Promise<Json> {
  const product = productId ?? (await createProduct(api));
  const reply = await api.request('POST', PLANS, {
    body: planBody(product, extra),
    headers: { prefer: 'return=representation' },
  });
  return expectStatus(reply, 201);
}

export async function createSubscription(
  api: ApiHarness,
  planId: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const reply = await api.request('POST', SUBSCRIPTIONS, {
    body: {
      plan_id: planId,
      application_context: {
        return_url: 'https://example.com/return',
        cancel_url: 'https://example.com/cancel',
      },
      ...extra,
    },
    headers: { prefer: 'return=representation' },
  });
  return expectStatus(reply, 201);
}

export async function approve(
  api: ApiHarness,
  id: string,
  body: Record<string, unknown> = {},
): Promise<Json> {
  return expectStatus(await api.request('POST', `${HELPERS}/subscriptions/${id}/approve`, { body }), 200);
}

/** A plan, a subscription on it, approved by the seeded buyer (ACTIVE now, its first cycle billed). */
export async function activeSubscription(
  api: BillingHarness,
  plan: Record<string, unknown> = {},
  subscription: Record<string, unknown> = {},
  approval: Record<string, unknown> = {},
): Promise<{ planId: string; id: string }> {
  const created = await createPlan(api, plan);
  const sub = await createSubscription(api, created.id as string, subscription);
  await approve(api, sub.id as string, approval);
  return { planId: created.id as string, id: sub.id as string };
}

export async function getSubscription(
  api: ApiHarness,
  id: string,
  fields = 'last_failed_payment',
): Promise<Json> {
  return expectStatus(await api.request('GET', `${SUBSCRIPTIONS}/${id}?fields=${fields}`), 200);
}

export async function advanceTo(api: ApiHarness, iso: string): Promise<Json> {
  return expectStatus(await api.request('POST', CLOCK, { body: { to: iso } }), 200);
}

export async function setPayer(api: ApiHarness, body: Record<string, unknown>): Promise<Json> {
  return expectStatus(await api.request('POST', `${HELPERS}/payer-funding`, { body }), 200);
}

export const salesOf = (api: ApiHarness, id: string) =>
  api.host.deps.store.resources.byRoot<Json, Json>('subscription-sale', id);

/** The merchant's ledger entries of a subscription (every T0002 and T1107), oldest first. */
export function ledgerOf(
  api: ApiHarness,
  id: string,
): { code: string; amount: bigint; fee: bigint; status: string }[] {
  const rows = api.host.deps.store.db
    .prepare('SELECT event_code, amount, fee, status FROM ledger_entries WHERE reference_id = ? ORDER BY seq')
    .all(id) as { event_code: string; amount: string | number; fee: string | number; status: string }[];
  return rows.map((r) => ({
    code: r.event_code,
    amount: BigInt(r.amount),
    fee: BigInt(r.fee),
    status: r.status,
  }));
}

export const historyOf = (api: ApiHarness, kind: string, id: string) =>
  api.host.deps.store.resources.history(kind, id).map((h) => `${h.trigger}:${h.to_status}`);

export function eventTypesOf(api: ApiHarness, resourceId: string): string[] {
  const { items } = api.host.services.webhooks.events.list(api.host.sandboxApp.id, { resourceId }, 500, 0);
  return items.map((e) => e.event_type).reverse();
}

export async function buyerBalance(
  api: ApiHarness,
  email = 'buyer@example.com',
  currency = 'USD',
): Promise<string> {
  const account = api.host.deps.store.accounts.byEmail(email);
  if (!account) return '0';
  return fromMinor(api.host.services.ledger.wallets.balance(account.id, currency), currency);
}
