import { fromMinor } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { EventDraft, EventTypeDefinition, SampleContext } from '../../../webhooks/catalog.js';
import type { EventContribution } from '../../group-module.js';
import { link } from '../../pipeline/links.js';
import type { ResourceTransition } from '../../transition-bus.js';
import { SALE_COMPLETED, SALE_REFUNDED } from '../payments-v1/index.js';
import { newPlanId, newSubscriptionId } from './ids.js';
import { planLinks, planView } from './plan-views.js';
import { subscriptionLinks, subscriptionView } from './subscription-views.js';
import type { StoredPlan, StoredSale, StoredSubscription } from './types.js';

export const PLAN_CREATED = 'BILLING.PLAN.CREATED';
export const PLAN_UPDATED = 'BILLING.PLAN.UPDATED';
export const PLAN_ACTIVATED = 'BILLING.PLAN.ACTIVATED';
export const PLAN_DEACTIVATED = 'BILLING.PLAN.DEACTIVATED';
export const PLAN_PRICING_CHANGE_ACTIVATED = 'BILLING.PLAN.PRICING-CHANGE.ACTIVATED';
export const SUBSCRIPTION_CREATED = 'BILLING.SUBSCRIPTION.CREATED';
export const SUBSCRIPTION_ACTIVATED = 'BILLING.SUBSCRIPTION.ACTIVATED';
export const SUBSCRIPTION_UPDATED = 'BILLING.SUBSCRIPTION.UPDATED';
export const SUBSCRIPTION_SUSPENDED = 'BILLING.SUBSCRIPTION.SUSPENDED';
export const SUBSCRIPTION_REACTIVATED = 'BILLING.SUBSCRIPTION.RE-ACTIVATED';
export const SUBSCRIPTION_CANCELLED = 'BILLING.SUBSCRIPTION.CANCELLED';
export const SUBSCRIPTION_EXPIRED = 'BILLING.SUBSCRIPTION.EXPIRED';
export const SUBSCRIPTION_PAYMENT_FAILED = 'BILLING.SUBSCRIPTION.PAYMENT.FAILED';
// A cycle's payment is a v1 sale: its event types are the ones Payments v1 lists in the catalog (with
// their samples); this group only emits them, with `billing_agreement_id` naming the subscription.
export { SALE_COMPLETED, SALE_REFUNDED };

const PLAN_EVENTS: Readonly<Record<string, string>> = {
  create: PLAN_CREATED,
  'create-active': PLAN_CREATED,
  update: PLAN_UPDATED,
  activate: PLAN_ACTIVATED,
  deactivate: PLAN_DEACTIVATED,
  'update-pricing': PLAN_PRICING_CHANGE_ACTIVATED,
};

const SUBSCRIPTION_EVENTS: Readonly<Record<string, string>> = {
  create: SUBSCRIPTION_CREATED,
  start: SUBSCRIPTION_ACTIVATED,
  update: SUBSCRIPTION_UPDATED,
  revise: SUBSCRIPTION_UPDATED,
  'approve-revision': SUBSCRIPTION_UPDATED,
  suspend: SUBSCRIPTION_SUSPENDED,
  'suspend-for-failures': SUBSCRIPTION_SUSPENDED,
  activate: SUBSCRIPTION_REACTIVATED,
  cancel: SUBSCRIPTION_CANCELLED,
  'cancel-setup-failed': SUBSCRIPTION_CANCELLED,
  expire: SUBSCRIPTION_EXPIRED,
  'fail-payment': SUBSCRIPTION_PAYMENT_FAILED,
};

/**
 * A subscription's sale as its PAYMENT.SALE events carry it: the platform's v1 sale, with
 * `billing_agreement_id` naming the subscription it paid.
 */
export function saleEventResource(sale: StoredSale, baseUrl: string): Record<string, unknown> {
  const internal = sale.internal;
  const amount = sale.body.amount_with_breakdown;
  return {
    id: sale.id,
    state: sale.status === 'REFUNDED' ? 'refunded' : 'completed',
    amount: {
      total: amount.gross_amount.value,
      currency: amount.gross_amount.currency_code,
      details: {
        subtotal: amount.gross_amount.value,
        ...(amount.tax_amount ? { tax: amount.tax_amount.value } : {}),
      },
    },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: {
      value: fromMinor(BigInt(internal.fee_minor), internal.currency),
      currency: internal.currency,
    },
    billing_agreement_id: internal.subscription_id,
    ...(internal.payer ? { payer_id: internal.payer.account_id } : {}),
    create_time: sale.create_time,
    update_time: sale.update_time,
    links: [
      link(baseUrl, `/v1/billing/subscriptions/${internal.subscription_id}`, 'subscription'),
      link(
        baseUrl,
        `/v1/billing/subscriptions/${internal.subscription_id}/transactions?start_time=${sale.create_time}&end_time=${sale.update_time}`,
        'transactions',
      ),
    ],
  };
}

function subscriptionEvents(transition: ResourceTransition, baseUrl: string): EventDraft[] {
  const { resource, trigger, from } = transition;
  if (!resource.app_id) return [];
  const draft = (eventType: string | undefined, body: () => Record<string, unknown>): EventDraft[] =>
    eventType ? [{ eventType, resource: body(), resourceId: resource.id, appId: resource.app_id ?? '' }] : [];
  switch (resource.kind) {
    case 'subscription-plan': {
      const plan = resource as StoredPlan;
      return draft(PLAN_EVENTS[trigger], () => ({ ...planView(plan), links: planLinks(plan, baseUrl) }));
    }
    case 'subscription': {
      const subscription = resource as StoredSubscription;
      return draft(SUBSCRIPTION_EVENTS[trigger], () => ({
        ...subscriptionView(subscription, { lastFailedPayment: true }),
        links: subscriptionLinks(subscription, baseUrl),
      }));
    }
    case 'subscription-sale': {
      const sale = resource as StoredSale;
      const type =
        from === null && trigger === 'complete'
          ? SALE_COMPLETED
          : trigger === 'refund'
            ? SALE_REFUNDED
            : undefined;
      return draft(type, () => saleEventResource(sale, baseUrl));
    }
    default:
      return [];
  }
}

// ---- samples for the simulator ------------------------------------------------------------------

const samplePlan = (
  context: SampleContext,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
): Record<string, unknown> => {
  const id = newPlanId();
  const at = isoSeconds(context.now);
  return {
    id,
    product_id: 'PROD-XXCD1234QWER65782',
    name: 'Video Streaming Service Plan',
    status,
    usage_type: 'LICENSED',
    billing_cycles: [
      {
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 12,
        pricing_scheme: {
          version: 1,
          fixed_price: { currency_code: 'USD', value: '10.00' },
          status: 'ACTIVE',
          create_time: at,
          update_time: at,
        },
      },
    ],
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee_failure_action: 'CANCEL',
      payment_failure_threshold: 3,
    },
    quantity_supported: false,
    create_time: at,
    update_time: at,
    links: [link(context.baseUrl, `/v1/billing/plans/${id}`, 'self')],
  };
};

const sampleSubscription = (context: SampleContext, status: string): Record<string, unknown> => {
  const id = newSubscriptionId();
  const at = isoSeconds(context.now);
  return {
    id,
    plan_id: newPlanId(),
    status,
    status_update_time: at,
    start_time: at,
    quantity: '1',
    subscriber: { name: { given_name: 'Bailey', surname: 'Buyer' }, email_address: 'buyer@example.com' },
    billing_info: {
      outstanding_balance: { currency_code: 'USD', value: '0.00' },
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          cycles_completed: 1,
          cycles_remaining: 11,
          current_pricing_scheme_version: 1,
          total_cycles: 12,
        },
      ],
      last_payment: { amount: { currency_code: 'USD', value: '10.00' }, time: at },
      failed_payments_count: 0,
    },
    plan_overridden: false,
    create_time: at,
    update_time: at,
    links: [link(context.baseUrl, `/v1/billing/subscriptions/${id}`, 'self')],
  };
};

const VERSIONS = ['2.0'] as const;
const planType = (
  name: string,
  description: string,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
): EventTypeDefinition => ({
  name,
  description,
  resourceType: 'plan',
  resourceVersions: VERSIONS,
  summary: (r) => `${description} (${String(r.id ?? '')})`,
  sample: (_v, context) => samplePlan(context, status),
});
const subscriptionType = (name: string, description: string, status: string): EventTypeDefinition => ({
  name,
  description,
  resourceType: 'subscription',
  resourceVersions: VERSIONS,
  summary: (r) => `Subscription ${String(r.id ?? '')}: ${description.toLowerCase()}`,
  sample: (_v, context) => sampleSubscription(context, status),
});
const TYPES: readonly EventTypeDefinition[] = [
  planType(PLAN_CREATED, 'A billing plan was created.'),
  planType(PLAN_UPDATED, 'A billing plan was updated.'),
  planType(PLAN_ACTIVATED, 'A billing plan was activated.'),
  planType(PLAN_DEACTIVATED, 'A billing plan was deactivated.', 'INACTIVE'),
  planType(PLAN_PRICING_CHANGE_ACTIVATED, 'A price change of a billing plan took effect.'),
  subscriptionType(SUBSCRIPTION_CREATED, 'A subscription was created.', 'APPROVAL_PENDING'),
  subscriptionType(SUBSCRIPTION_ACTIVATED, 'A subscription was activated.', 'ACTIVE'),
  subscriptionType(SUBSCRIPTION_UPDATED, 'A subscription was updated.', 'ACTIVE'),
  subscriptionType(SUBSCRIPTION_SUSPENDED, 'A subscription was suspended.', 'SUSPENDED'),
  subscriptionType(SUBSCRIPTION_REACTIVATED, 'A subscription was re-activated.', 'ACTIVE'),
  subscriptionType(SUBSCRIPTION_CANCELLED, 'A subscription was cancelled.', 'CANCELLED'),
  subscriptionType(SUBSCRIPTION_EXPIRED, 'A subscription expired.', 'EXPIRED'),
  subscriptionType(SUBSCRIPTION_PAYMENT_FAILED, 'A payment of a subscription failed.', 'ACTIVE'),
];

export const SUBSCRIPTION_EVENTS_CONTRIBUTION: EventContribution = { types: TYPES, map: subscriptionEvents };
