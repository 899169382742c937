import { subscriptionMachine, subscriptionSaleMachine } from '../../../../shared/api/subscriptions/index.js';
import { defineResourceKind } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import { planLinks, planView } from './plan-views.js';
import type { StoredPlan, StoredSale, StoredSubscription } from './types.js';

export const SUBSCRIPTIONS_PATH = '/v1/billing/subscriptions';
/** The buyer's approval page (the platform's address form, served by this host). */
export const APPROVAL_PATH = '/webapps/billing/subscriptions';

export const approveHref = (base: string, subscription: StoredSubscription): string =>
  `${base}${APPROVAL_PATH}?ba_token=${encodeURIComponent(subscription.id)}`;

/**
 * A subscription as the API shows it: `billing_info.last_failed_payment` only when `fields` asks for it
 * (the platform's rule), everything else always.
 */
export function subscriptionView(
  subscription: StoredSubscription,
  options: { lastFailedPayment?: boolean } = {},
): Record<string, unknown> {
  const body = { ...subscription.body };
  if (body.billing_info && !options.lastFailedPayment && body.billing_info.last_failed_payment) {
    const { last_failed_payment: _omitted, ...info } = body.billing_info;
    body.billing_info = info;
  }
  return body;
}

/** What the buyer still has to approve: the subscription itself, or a revision with a price rise. */
export const awaitsBuyer = (subscription: StoredSubscription): boolean =>
  subscription.status === 'APPROVAL_PENDING' || revisionAwaitsBuyer(subscription);

/** A revision that raises the price and that the subscriber has not approved yet. */
export const revisionAwaitsBuyer = (subscription: StoredSubscription): boolean =>
  !!subscription.internal.pending_revision?.needs_approval &&
  !subscription.internal.pending_revision.approved;

/** Its links: `approve` while the buyer must act, `edit` (PATCH) and `self`, as the platform's. */
export function subscriptionLinks(subscription: StoredSubscription, base: string): Link[] {
  const path = `${SUBSCRIPTIONS_PATH}/${subscription.id}`;
  const links: Link[] = [];
  if (awaitsBuyer(subscription))
    links.push({ href: approveHref(base, subscription), rel: 'approve', method: 'GET' });
  const live = !['CANCELLED', 'EXPIRED'].includes(subscription.status);
  if (live) links.push(link(base, path, 'edit', 'PATCH'));
  links.push(link(base, path, 'self'));
  if (subscription.status === 'ACTIVE') links.push(link(base, `${path}/suspend`, 'suspend', 'POST'));
  if (subscription.status === 'SUSPENDED') links.push(link(base, `${path}/activate`, 'activate', 'POST'));
  if (['APPROVED', 'ACTIVE', 'SUSPENDED'].includes(subscription.status)) {
    links.push(link(base, `${path}/cancel`, 'cancel', 'POST'));
    links.push(link(base, `${path}/revise`, 'revise', 'POST'));
  }
  if (['ACTIVE', 'SUSPENDED'].includes(subscription.status)) {
    links.push(link(base, `${path}/capture`, 'capture', 'POST'));
  }
  return links;
}

/** The plan inside a subscription (`fields=plan`), with its own links. */
export const embeddedPlan = (plan: StoredPlan, base: string): Record<string, unknown> => ({
  ...planView(plan),
  links: planLinks(plan, base),
});

export const saleView = (sale: StoredSale): Record<string, unknown> => ({ ...sale.body });

export const saleLinks = (sale: StoredSale, base: string): Link[] => [
  link(base, `${SUBSCRIPTIONS_PATH}/${sale.internal.subscription_id}`, 'up'),
];

export const SUBSCRIPTION_KINDS = [
  defineResourceKind<StoredSubscription>({
    kind: 'subscription',
    machine: subscriptionMachine,
    view: (subscription) => subscriptionView(subscription, { lastFailedPayment: true }),
    links: subscriptionLinks,
    summary: () => ({}),
    rootKind: 'subscription',
  }),
  defineResourceKind<StoredSale>({
    kind: 'subscription-sale',
    machine: subscriptionSaleMachine,
    view: saleView,
    links: saleLinks,
    summary: (sale) => ({ amount: sale.body.amount_with_breakdown.gross_amount }),
    rootKind: 'subscription',
  }),
];
