import {
  cycleCharge,
  subscriptionMachine as machine,
  type ReviseRequest,
} from '../../../../shared/api/subscriptions/index.js';
import { toMinor, type Money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { notFound, unprocessable, bodyDetail } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { transition } from '../../transition.js';
import type { PlansService } from './plan-service.js';
import { planCurrency, requestAmount as moneyIn } from './request-money.js';
import { subscriptionLinks } from './subscription-views.js';
import type { StoredPlan, StoredSubscription } from './types.js';

/**
 * Revise the plan or quantity: it takes effect at the next cycle. A higher price per cycle needs the
 * buyer to approve it (the answer carries an `approve` link); a lower or equal one does not.
 */
export function reviseSubscription(
  deps: ApiDeps,
  plans: PlansService,
  subscription: StoredSubscription,
  request: ReviseRequest,
  ctx: RequestContext,
): Record<string, unknown> {
  const current = plans.find(subscription.body.plan_id);
  if (!current) throw notFound('plan', subscription.body.plan_id);
  let target = current;
  if (request.plan_id !== undefined && request.plan_id !== current.id) {
    const plan = deps.store.resources.owned<StoredPlan>('subscription-plan', request.plan_id, ctx.app.id);
    if (!plan) throw notFound('plan', request.plan_id, 'plan_id');
    if (plan.status !== 'ACTIVE') {
      throw unprocessable(
        bodyDetail('/plan_id', 'PLAN_STATUS_INACTIVE', `The plan is ${plan.status}.`, plan.id),
      );
    }
    if (planCurrency(plan) !== subscription.internal.currency) {
      throw unprocessable(
        bodyDetail(
          '/plan_id',
          'CURRENCY_MISMATCH',
          `The subscription bills in ${subscription.internal.currency}.`,
          plan.id,
        ),
      );
    }
    target = plan;
  }
  if (request.quantity !== undefined && !target.body.quantity_supported && request.quantity !== '1') {
    throw unprocessable(
      bodyDetail('/quantity', 'SUBSCRIPTION_CANNOT_HAVE_QUANTITY', undefined, request.quantity),
    );
  }
  if (request.shipping_amount) {
    moneyIn(request.shipping_amount, '/shipping_amount/value');
    if (request.shipping_amount.currency_code !== subscription.internal.currency) {
      throw unprocessable(
        bodyDetail(
          '/shipping_amount/currency_code',
          'CURRENCY_MISMATCH',
          undefined,
          request.shipping_amount.currency_code,
        ),
      );
    }
  }
  const quantity = request.quantity ?? (target === current ? subscription.body.quantity : '1');
  const before = regularCharge(current, subscription.body.quantity, subscription.body.shipping_amount);
  const after = regularCharge(target, quantity, request.shipping_amount ?? subscription.body.shipping_amount);
  const needsApproval = after > before;
  const now = deps.clock.nowIso();
  subscription.internal.pending_revision = {
    plan_id: target.id,
    quantity,
    ...(request.shipping_amount ? { shipping_amount: request.shipping_amount } : {}),
    needs_approval: needsApproval,
    approved: false,
    requested_time: now,
  };
  if (request.application_context?.return_url)
    subscription.internal.return_url = request.application_context.return_url;
  if (request.application_context?.cancel_url)
    subscription.internal.cancel_url = request.application_context.cancel_url;
  if (request.shipping_address) {
    subscription.body.subscriber = {
      ...(subscription.body.subscriber ?? {}),
      shipping_address: request.shipping_address,
    };
  }
  transition(deps, machine, subscription, 'revise', {
    note: `plan ${target.id}, quantity ${quantity}${needsApproval ? ' (price rise: buyer approval needed)' : ''}`,
  });
  const nextMs = subscription.internal.next_billing_ms;
  const effective =
    subscription.body.billing_info?.next_billing_time ??
    (nextMs !== undefined ? isoSeconds(nextMs) : subscription.body.start_time);
  return {
    plan_id: target.id,
    quantity,
    effective_time: effective,
    ...(request.shipping_amount ? { shipping_amount: request.shipping_amount } : {}),
    ...(request.shipping_address ? { shipping_address: request.shipping_address } : {}),
    plan_overridden: false,
    links: subscriptionLinks(subscription, ctx.baseUrl).filter(
      (l) => l.rel === 'approve' || l.rel === 'edit' || l.rel === 'self',
    ),
  };
}

/** What the regular cycle of `plan` charges per cycle for `quantity` (price rises are judged on it). */
function regularCharge(plan: StoredPlan, quantity: string, shipping: Money | undefined): bigint {
  const regular = plan.body.billing_cycles.find((c) => c.tenure_type === 'REGULAR');
  const price = regular?.pricing_scheme?.fixed_price;
  const priceMinor = price ? toMinor(price.value, price.currency_code) : 0n;
  const shippingMinor = shipping ? toMinor(shipping.value, shipping.currency_code) : 0n;
  return cycleCharge(priceMinor, BigInt(quantity), plan.body.taxes, shippingMinor).gross;
}
