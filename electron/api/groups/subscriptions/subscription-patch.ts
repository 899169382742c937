import {
  DateTimeSchema,
  ShippingAddressSchema,
  SUBSCRIPTION_PATCHABLE,
  subscriptionMachine as machine,
} from '../../../../shared/api/subscriptions/index.js';
import { z } from 'zod';
import { MoneySchema } from '../../../../shared/api/common.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import { transition } from '../../transition.js';
import { restrictedPatch } from '../../pipeline/restricted-patch.js';
import type { BillingEngine } from './jobs.js';
import { requestAmount as moneyIn } from './request-money.js';
import type { StoredSubscription } from './types.js';

/**
 * PATCH of a subscription (the caller checked its state): `custom_id`, `shipping_amount`,
 * `subscriber/shipping_address`, `billing_info/outstanding_balance`, and `start_time` before it starts.
 * The patched members are validated again before anything is stored.
 */
export function patchSubscription(
  deps: ApiDeps,
  engine: BillingEngine,
  subscription: StoredSubscription,
  operations: PatchOperation[],
): void {
  const info = subscription.body.billing_info;
  const editable = {
    ...(subscription.body.custom_id !== undefined ? { custom_id: subscription.body.custom_id } : {}),
    ...(subscription.body.shipping_amount ? { shipping_amount: subscription.body.shipping_amount } : {}),
    start_time: subscription.body.start_time,
    subscriber: { ...(subscription.body.subscriber ?? {}) },
    billing_info: {
      outstanding_balance: info?.outstanding_balance ?? money(0n, subscription.internal.currency),
    },
  };
  const touches = (path: string) => operations.some((o) => o.path === path || o.path.startsWith(`${path}/`));
  if (
    touches('/start_time') &&
    subscription.status !== 'APPROVAL_PENDING' &&
    subscription.status !== 'APPROVED'
  ) {
    throw unprocessable(
      detail('SUBSCRIPTION_STATUS_INVALID', {
        field: '/start_time',
        location: 'body',
        description: `start_time can change only before the subscription starts (it is ${subscription.status}).`,
      }),
    );
  }
  const patched = restrictedPatch(editable, operations, SUBSCRIPTION_PATCHABLE, PatchedSubscriptionSchema);
  const currency = subscription.internal.currency;
  if (touches('/billing_info/outstanding_balance')) {
    const balance = patched.billing_info.outstanding_balance;
    const minor = moneyIn(balance, '/billing_info/outstanding_balance/value');
    if (balance.currency_code !== currency || minor < 0n) {
      throw unprocessable(
        detail(balance.currency_code !== currency ? 'CURRENCY_MISMATCH' : 'INVALID_PARAMETER_VALUE', {
          field: '/billing_info/outstanding_balance',
          value: balance.value,
          location: 'body',
          description: `The outstanding balance is a non-negative amount in ${currency}.`,
        }),
      );
    }
    subscription.internal.outstanding_minor = String(minor);
    if (info) info.outstanding_balance = money(minor, currency);
  }
  if (patched.custom_id !== undefined) subscription.body.custom_id = patched.custom_id;
  else delete subscription.body.custom_id;
  if (patched.shipping_amount) {
    moneyIn(patched.shipping_amount, '/shipping_amount/value');
    subscription.body.shipping_amount = patched.shipping_amount;
  } else delete subscription.body.shipping_amount;
  if (touches('/start_time')) {
    const startMs = Date.parse(patched.start_time);
    if (startMs < deps.clock.now() - 60_000) {
      throw unprocessable(
        detail('INVALID_START_TIME', { field: '/start_time', value: patched.start_time, location: 'body' }),
      );
    }
    subscription.body.start_time = isoSeconds(startMs);
    subscription.internal.start_ms = startMs;
    subscription.internal.tenure_anchor_ms = startMs;
    if (info) info.next_billing_time = isoSeconds(startMs);
    if (subscription.status === 'APPROVED') engine.approved(subscription, deps.clock.now());
  }
  if (patched.subscriber.shipping_address) {
    subscription.body.subscriber = {
      ...(subscription.body.subscriber ?? {}),
      shipping_address: patched.subscriber.shipping_address,
    };
  }
  transition(deps, machine, subscription, 'update', { note: 'PATCH' });
}

/** What a subscription PATCH may produce, validated like a create's members. */
const PatchedSubscriptionSchema = z.object({
  custom_id: z.string().min(1).max(127).optional(),
  shipping_amount: MoneySchema.optional(),
  start_time: DateTimeSchema,
  subscriber: z.object({ shipping_address: ShippingAddressSchema.optional() }).passthrough(),
  billing_info: z.object({ outstanding_balance: MoneySchema }),
});
