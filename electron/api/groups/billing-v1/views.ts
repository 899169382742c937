import { billingPlanV1Machine } from '../../../../shared/api/billing-v1/machines.js';
import type { StoredSubscription } from '../subscriptions/index.js';
import { defineResourceKind } from '../../group-module.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredAgreement, StoredLegacyPlan } from './types.js';

export const LEGACY_PLANS_PATH = '/v1/payments/billing-plans';
export const AGREEMENTS_PATH = '/v1/payments/billing-agreements';

export const legacyPlanView = (plan: StoredLegacyPlan): Record<string, unknown> => ({
  ...plan.body,
  state: plan.status,
});

export const legacyPlanLinks = (plan: StoredLegacyPlan, base: string): Link[] => [
  link(base, `${LEGACY_PLANS_PATH}/${plan.id}`, 'self'),
];

/** The v1 state of an agreement from its subscription's status (the engine moves the subscription). */
const STATES: Readonly<Record<string, string>> = {
  SUSPENDED: 'Suspended',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

/**
 * An agreement as the API shows it: its `agreement_details` are its subscription's billing_info, the
 * billing engine's, in the v1 form (counts as strings, Money v1).
 */
export function agreementView(
  agreement: StoredAgreement,
  subscription: StoredSubscription | undefined,
): Record<string, unknown> {
  const info = subscription?.body.billing_info;
  const state =
    agreement.status === 'Active' && subscription
      ? (STATES[subscription.status] ?? 'Active')
      : agreement.status;
  const executions = info?.cycle_executions ?? [];
  const completed = executions.reduce((sum, e) => sum + e.cycles_completed, 0);
  const infinite = executions.some((e) => e.total_cycles === 0);
  const remaining = executions.reduce((sum, e) => sum + (e.cycles_remaining ?? 0), 0);
  const money = (m: { currency_code: string; value: string }) => ({
    currency: m.currency_code,
    value: m.value,
  });
  return {
    ...agreement.body,
    state,
    ...(info
      ? {
          agreement_details: {
            outstanding_balance: money(info.outstanding_balance),
            cycles_remaining: infinite ? '-1' : String(remaining),
            cycles_completed: String(completed),
            ...(info.next_billing_time ? { next_billing_date: info.next_billing_time } : {}),
            ...(info.last_payment
              ? {
                  last_payment_date: info.last_payment.time,
                  last_payment_amount: money(info.last_payment.amount),
                }
              : {}),
            ...(info.final_payment_time ? { final_payment_date: info.final_payment_time } : {}),
            failed_payment_count: String(info.failed_payments_count),
          },
        }
      : {}),
  };
}

export function agreementLinks(agreement: StoredAgreement, base: string, approveHref?: string): Link[] {
  const links: Link[] = [];
  if (agreement.status === 'Pending') {
    if (approveHref) links.push({ href: approveHref, rel: 'approval_url', method: 'REDIRECT' });
    links.push(
      link(base, `${AGREEMENTS_PATH}/${agreement.internal.token}/agreement-execute`, 'execute', 'POST'),
    );
  }
  links.push(link(base, `${AGREEMENTS_PATH}/${agreement.id}`, 'self'));
  return links;
}

export const legacyPlanKind = defineResourceKind<StoredLegacyPlan>({
  kind: 'billing-plan-v1',
  machine: billingPlanV1Machine,
  view: legacyPlanView,
  links: legacyPlanLinks,
  summary: () => ({}),
  rootKind: 'billing-plan-v1',
});
