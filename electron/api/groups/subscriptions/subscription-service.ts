import {
  cycleCharge,
  DateTimeSchema,
  MAX_AMOUNT_MINOR,
  ShippingAddressSchema,
  SUBSCRIPTION_PATCHABLE,
  subscriptionMachine as machine,
  type CaptureRequest,
  type FundingChoice,
  type ReviseRequest,
  type SubscriptionCreateRequest,
  type SubscriptionTrigger,
} from '../../../../shared/api/subscriptions/index.js';
import { z } from 'zod';
import { MoneySchema } from '../../../../shared/api/common.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { MoneyError, money, toMinor, type Money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import { ApiError, detail, notFound } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import { pagedBody, pageRequest, restrictedPatch } from '../catalog-products/index.js';
import { finalPaymentMs, initialExecutions, type BillingEngine } from './billing-engine.js';
import { newSubscriptionId } from './ids.js';
import type { PlansService } from './plan-service.js';
import {
  embeddedPlan,
  subscriptionLinks,
  subscriptionView,
  SUBSCRIPTIONS_PATH,
} from './subscription-views.js';
import type { StoredPlan, StoredSale, StoredSubscription, SubscriptionInternal } from './types.js';

const KIND = 'subscription';

/** What each refused move says: the action, the statuses it needs, and the one the subscription is in. */
const NEEDS: Partial<Record<SubscriptionTrigger, string>> = {
  approve: 'APPROVAL_PENDING',
  update: 'APPROVAL_PENDING, APPROVED, ACTIVE or SUSPENDED',
  revise: 'APPROVED, ACTIVE or SUSPENDED',
  suspend: 'ACTIVE',
  activate: 'SUSPENDED',
  cancel: 'APPROVED, ACTIVE or SUSPENDED',
  capture: 'ACTIVE or SUSPENDED',
};

/** An amount of a request in minor units: well-formed, in a known currency, 0..MAX_AMOUNT_MINOR. */
function moneyIn(amount: Money, field: string): bigint {
  let minor: bigint;
  try {
    minor = toMinor(amount.value, amount.currency_code);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ApiError(
      error.issue === 'CURRENCY_NOT_SUPPORTED' ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
      [detail(error.issue, { field, value: amount.value, location: 'body', description: error.message })],
    );
  }
  if (minor < 0n || minor > MAX_AMOUNT_MINOR) {
    throw new ApiError('INVALID_REQUEST', [
      detail('INVALID_PARAMETER_VALUE', {
        field,
        value: amount.value,
        location: 'body',
        description: 'Expected an amount from 0 to 999999999.99.',
      }),
    ]);
  }
  return minor;
}

/** Subscriptions (issue #12 item 3): create, approve, show, update, revise, suspend, activate, cancel. */
export class SubscriptionsService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly plans: PlansService,
    private readonly engine: BillingEngine,
  ) {}

  /** Answers 422 SUBSCRIPTION_STATUS_INVALID (or the machine's issue) naming the current status. */
  refuse(subscription: StoredSubscription, trigger: SubscriptionTrigger): void {
    refuseUnless(
      machine,
      subscription,
      trigger,
      `Invalid subscription status for ${trigger} action; subscription status should be ${NEEDS[trigger] ?? 'another'} (it is ${subscription.status}).`,
    );
  }

  /** `legacy`: the v1 agreement this subscription bills (the billing-v1 group creates those). */
  create(
    request: SubscriptionCreateRequest,
    ctx: RequestContext,
    legacy?: SubscriptionInternal['legacy'],
  ): StoredSubscription {
    const plan = this.plans.find(request.plan_id);
    if (!plan || plan.app_id !== ctx.app.id) {
      throw new ApiError('RESOURCE_NOT_FOUND', [
        detail('INVALID_RESOURCE_ID', {
          field: '/plan_id',
          value: request.plan_id,
          location: 'body',
          description: `No plan with id ${request.plan_id}.`,
        }),
      ]);
    }
    if (plan.status !== 'ACTIVE') {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('PLAN_STATUS_INACTIVE', {
          field: '/plan_id',
          value: request.plan_id,
          location: 'body',
          description: `Subscriptions can be created only on ACTIVE plans (this one is ${plan.status}).`,
        }),
      ]);
    }
    if (request.quantity !== undefined && !plan.body.quantity_supported) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('SUBSCRIPTION_CANNOT_HAVE_QUANTITY', {
          field: '/quantity',
          value: request.quantity,
          location: 'body',
        }),
      ]);
    }
    const nowMs = this.deps.clock.now();
    const startMs = request.start_time !== undefined ? Date.parse(request.start_time) : nowMs;
    // A start a few seconds back is "now" (a client's clock); earlier is refused, as the platform does.
    if (startMs < nowMs - 60_000) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('INVALID_START_TIME', { field: '/start_time', value: request.start_time, location: 'body' }),
      ]);
    }
    const currency = this.currencyOf(plan);
    if (request.shipping_amount) {
      moneyIn(request.shipping_amount, '/shipping_amount/value');
      if (request.shipping_amount.currency_code !== currency) {
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail('CURRENCY_MISMATCH', {
            field: '/shipping_amount/currency_code',
            value: request.shipping_amount.currency_code,
            location: 'body',
            description: `The plan bills in ${currency}.`,
          }),
        ]);
      }
    }
    const now = isoSeconds(nowMs);
    const id = newSubscriptionId();
    const card = request.subscriber?.payment_source?.card;
    const { payment_source: _card, ...subscriber } = request.subscriber ?? {};
    const subscription: StoredSubscription = {
      kind: KIND,
      id,
      app_id: ctx.app.id,
      status: 'APPROVAL_PENDING',
      parent_id: plan.id,
      root_id: id,
      create_time: now,
      update_time: now,
      body: {
        id,
        plan_id: plan.id,
        status: 'APPROVAL_PENDING',
        status_update_time: now,
        start_time: isoSeconds(startMs),
        quantity: request.quantity ?? '1',
        ...(request.shipping_amount ? { shipping_amount: request.shipping_amount } : {}),
        ...(request.subscriber ? { subscriber } : {}),
        billing_info: {
          outstanding_balance: money(0n, currency),
          cycle_executions: initialExecutions(plan),
          failed_payments_count: 0,
          // The first cycle is due at the start (once the buyer approves).
          next_billing_time: isoSeconds(startMs),
        },
        ...(request.custom_id !== undefined ? { custom_id: request.custom_id } : {}),
        plan_overridden: false,
        create_time: now,
        update_time: now,
      },
      internal: {
        merchant_id: ctx.merchant.id,
        ...(request.application_context?.return_url
          ? { return_url: request.application_context.return_url }
          : {}),
        ...(request.application_context?.cancel_url
          ? { cancel_url: request.application_context.cancel_url }
          : {}),
        ...(request.application_context?.brand_name
          ? { brand_name: request.application_context.brand_name }
          : {}),
        ...(card
          ? { source_card: { last_digits: card.number.slice(-4), brand: cardBrand(card.number) } }
          : {}),
        currency,
        outstanding_minor: '0',
        cycles_billed: 0,
        tenure_index: 0,
        tenure_anchor_ms: startMs,
        start_ms: startMs,
        ...(legacy ? { legacy } : {}),
      },
    };
    const final = finalPaymentMs(plan, subscription);
    if (final !== undefined && subscription.body.billing_info)
      subscription.body.billing_info.final_payment_time = isoSeconds(final);
    createResource(this.deps, machine, subscription, 'create');
    return subscription;
  }

  get(id: string, ctx: RequestContext): StoredSubscription {
    const subscription = this.find(id);
    if (!subscription || subscription.app_id !== ctx.app.id) throw notFound('subscription', id);
    return subscription;
  }

  /** The buyer page and the test helpers find subscriptions by id alone (the buyer has no app token). */
  find(id: string): StoredSubscription | undefined {
    return this.deps.store.resources.get<StoredSubscription['body'], StoredSubscription['internal']>(
      KIND,
      id,
    );
  }

  planOf(subscription: StoredSubscription): StoredPlan | undefined {
    return this.plans.find(subscription.body.plan_id);
  }

  /** GET with `fields`: `last_failed_payment` and `plan` are shown only when asked for. */
  show(id: string, fields: string | undefined, ctx: RequestContext): Record<string, unknown> {
    const subscription = this.get(id, ctx);
    const wanted = new Set((fields ?? '').split(',').map((f) => f.trim()));
    const plan = wanted.has('plan') ? this.planOf(subscription) : undefined;
    return {
      ...subscriptionView(subscription, { lastFailedPayment: wanted.has('last_failed_payment') }),
      ...(plan ? { plan: embeddedPlan(plan, ctx.baseUrl) } : {}),
      links: subscriptionLinks(subscription, ctx.baseUrl),
    };
  }

  list(
    query: {
      page?: string | undefined;
      page_size?: string | undefined;
      total_required?: string | undefined;
      plan_ids?: string | undefined;
    },
    ctx: RequestContext,
  ): Record<string, unknown> {
    const request = pageRequest(query, 10);
    const where = ["kind = 'subscription'", 'app_id = ?'];
    const args: (string | number)[] = [ctx.app.id];
    if (query.plan_ids) {
      const ids = query.plan_ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 10);
      // An empty list (`plan_ids=,`) matches nothing rather than making an empty IN ().
      where.push(ids.length > 0 ? `parent_id IN (${ids.map(() => '?').join(', ')})` : '0');
      args.push(...ids);
    }
    const clause = where.join(' AND ');
    const db = this.deps.store.db;
    const total = Number(
      (db.prepare(`SELECT COUNT(*) AS n FROM resources WHERE ${clause}`).get(...args) as { n: number }).n,
    );
    const rows = db
      .prepare(
        `SELECT id FROM resources WHERE ${clause} ORDER BY create_time DESC, rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, request.pageSize, (request.page - 1) * request.pageSize) as { id: string }[];
    const items = rows
      .map((row) => this.find(row.id))
      .filter((s): s is StoredSubscription => !!s)
      .map((s) => ({ ...subscriptionView(s), links: subscriptionLinks(s, ctx.baseUrl) }));
    return pagedBody('subscriptions', items, total, request, ctx.baseUrl, SUBSCRIPTIONS_PATH, {
      plan_ids: query.plan_ids,
    });
  }

  update(id: string, operations: PatchOperation[], ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    this.refuse(subscription, 'update');
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
    const touches = (path: string) =>
      operations.some((o) => o.path === path || o.path.startsWith(`${path}/`));
    if (
      touches('/start_time') &&
      subscription.status !== 'APPROVAL_PENDING' &&
      subscription.status !== 'APPROVED'
    ) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('SUBSCRIPTION_STATUS_INVALID', {
          field: '/start_time',
          location: 'body',
          description: `start_time can change only before the subscription starts (it is ${subscription.status}).`,
        }),
      ]);
    }
    const patched = restrictedPatch(editable, operations, SUBSCRIPTION_PATCHABLE, PatchedSubscriptionSchema);
    const currency = subscription.internal.currency;
    if (touches('/billing_info/outstanding_balance')) {
      const balance = patched.billing_info.outstanding_balance;
      const minor = moneyIn(balance, '/billing_info/outstanding_balance/value');
      if (balance.currency_code !== currency || minor < 0n) {
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail(balance.currency_code !== currency ? 'CURRENCY_MISMATCH' : 'INVALID_PARAMETER_VALUE', {
            field: '/billing_info/outstanding_balance',
            value: balance.value,
            location: 'body',
            description: `The outstanding balance is a non-negative amount in ${currency}.`,
          }),
        ]);
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
      if (startMs < this.deps.clock.now() - 60_000) {
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail('INVALID_START_TIME', { field: '/start_time', value: patched.start_time, location: 'body' }),
        ]);
      }
      subscription.body.start_time = isoSeconds(startMs);
      subscription.internal.start_ms = startMs;
      subscription.internal.tenure_anchor_ms = startMs;
      if (info) info.next_billing_time = isoSeconds(startMs);
      if (subscription.status === 'APPROVED') this.engine.approved(subscription, this.deps.clock.now());
    }
    if (patched.subscriber.shipping_address) {
      subscription.body.subscriber = {
        ...(subscription.body.subscriber ?? {}),
        shipping_address: patched.subscriber.shipping_address,
      };
    }
    transition(this.deps, machine, subscription, 'update', { note: 'PATCH' });
  }

  /** The sandbox buyer approves (the page or the test helper), paying by wallet or card. */
  approve(subscription: StoredSubscription, buyerEmail: string, funding: FundingChoice): Account {
    const buyer = this.deps.store.accounts.byEmail(buyerEmail);
    if (!buyer || buyer.type !== 'PERSONAL') {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('PAYER_ACCOUNT_INVALID', { field: '/buyer_email', value: buyerEmail, location: 'body' }),
      ]);
    }
    if (
      subscription.status !== 'APPROVAL_PENDING' &&
      subscription.internal.pending_revision?.needs_approval
    ) {
      return this.approveRevision(subscription, buyer);
    }
    this.refuse(subscription, 'approve');
    const sourceCard = subscription.internal.source_card;
    const card =
      sourceCard ??
      (buyer.cards[0]
        ? { last_digits: buyer.cards[0].number.slice(-4), brand: buyer.cards[0].brand }
        : undefined);
    const byCard = funding === 'CARD' || !!sourceCard;
    if (byCard && !card) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('PAYER_CANNOT_PAY', {
          field: '/funding',
          value: funding,
          location: 'body',
          description: `${buyer.email} has no card.`,
        }),
      ]);
    }
    subscription.internal.payer = {
      account_id: buyer.id,
      email: buyer.email,
      given_name: buyer.name.given_name,
      surname: buyer.name.surname,
      funding: byCard ? 'CARD' : 'WALLET',
      ...(byCard && card ? { card_last_digits: card.last_digits, card_brand: card.brand } : {}),
    };
    subscription.body.subscriber = {
      ...(subscription.body.subscriber ?? {}),
      name: { given_name: buyer.name.given_name, surname: buyer.name.surname },
      email_address: buyer.email,
      payer_id: buyer.id,
    };
    const nowMs = this.deps.clock.now();
    subscription.body.status_update_time = isoSeconds(nowMs);
    transition(this.deps, machine, subscription, 'approve', { note: `approved by ${buyer.email}` });
    this.engine.approved(subscription, nowMs);
    return buyer;
  }

  private approveRevision(subscription: StoredSubscription, buyer: Account): Account {
    this.refuse(subscription, 'approve-revision');
    const revision = subscription.internal.pending_revision;
    if (revision) revision.approved = true;
    transition(this.deps, machine, subscription, 'approve-revision', {
      note: `revision approved by ${buyer.email}`,
    });
    return buyer;
  }

  /**
   * Revise the plan or quantity: it takes effect at the next cycle. A higher price per cycle needs the
   * buyer to approve it (the answer carries an `approve` link); a lower or equal one does not.
   */
  revise(id: string, request: ReviseRequest, ctx: RequestContext): Record<string, unknown> {
    const subscription = this.get(id, ctx);
    this.refuse(subscription, 'revise');
    const current = this.planOf(subscription);
    if (!current) throw notFound('plan', subscription.body.plan_id);
    let target = current;
    if (request.plan_id !== undefined && request.plan_id !== current.id) {
      const plan = this.plans.find(request.plan_id);
      if (!plan || plan.app_id !== ctx.app.id) throw notFound('plan', request.plan_id, 'plan_id');
      if (plan.status !== 'ACTIVE') {
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail('PLAN_STATUS_INACTIVE', {
            field: '/plan_id',
            value: plan.id,
            location: 'body',
            description: `The plan is ${plan.status}.`,
          }),
        ]);
      }
      if (this.currencyOf(plan) !== subscription.internal.currency) {
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail('CURRENCY_MISMATCH', {
            field: '/plan_id',
            value: plan.id,
            location: 'body',
            description: `The subscription bills in ${subscription.internal.currency}.`,
          }),
        ]);
      }
      target = plan;
    }
    if (request.quantity !== undefined && !target.body.quantity_supported && request.quantity !== '1') {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('SUBSCRIPTION_CANNOT_HAVE_QUANTITY', {
          field: '/quantity',
          value: request.quantity,
          location: 'body',
        }),
      ]);
    }
    if (request.shipping_amount) {
      moneyIn(request.shipping_amount, '/shipping_amount/value');
      if (request.shipping_amount.currency_code !== subscription.internal.currency) {
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail('CURRENCY_MISMATCH', {
            field: '/shipping_amount/currency_code',
            value: request.shipping_amount.currency_code,
            location: 'body',
          }),
        ]);
      }
    }
    const quantity = request.quantity ?? (target === current ? subscription.body.quantity : '1');
    const before = this.regularCharge(current, subscription.body.quantity, subscription.body.shipping_amount);
    const after = this.regularCharge(
      target,
      quantity,
      request.shipping_amount ?? subscription.body.shipping_amount,
    );
    const needsApproval = after > before;
    const now = this.deps.clock.nowIso();
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
    transition(this.deps, machine, subscription, 'revise', {
      note: `plan ${target.id}, quantity ${quantity}${needsApproval ? ' (price rise: buyer approval needed)' : ''}`,
    });
    const effective = subscription.body.billing_info?.next_billing_time ?? subscription.body.start_time;
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

  suspend(id: string, reason: string, ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    this.refuse(subscription, 'suspend');
    this.engine.stop(subscription);
    this.statusChange(subscription, reason);
    transition(this.deps, machine, subscription, 'suspend', { note: reason });
  }

  activate(id: string, reason: string | undefined, ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    this.refuse(subscription, 'activate');
    // The merchant re-activates on purpose: the failure count starts again.
    if (subscription.body.billing_info) subscription.body.billing_info.failed_payments_count = 0;
    this.statusChange(subscription, reason);
    this.engine.resumed(subscription, this.deps.clock.now());
    transition(this.deps, machine, subscription, 'activate', { note: reason ?? null });
  }

  cancel(id: string, reason: string, ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    this.refuse(subscription, 'cancel');
    this.engine.stop(subscription);
    if (subscription.body.billing_info) delete subscription.body.billing_info.next_billing_time;
    this.statusChange(subscription, reason);
    transition(this.deps, machine, subscription, 'cancel', { note: reason });
  }

  capture(id: string, request: CaptureRequest, ctx: RequestContext): StoredSale {
    const subscription = this.get(id, ctx);
    this.refuse(subscription, 'capture');
    const outstanding = BigInt(subscription.internal.outstanding_minor);
    const currency = subscription.internal.currency;
    if (outstanding === 0n) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('ZERO_OUTSTANDING_BALANCE', { field: '/amount', location: 'body' }),
      ]);
    }
    const amount = moneyIn(request.amount, '/amount/value');
    if (request.amount.currency_code !== currency) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('CURRENCY_MISMATCH', {
          field: '/amount/currency_code',
          value: request.amount.currency_code,
          location: 'body',
          description: `The outstanding balance is in ${currency}.`,
        }),
      ]);
    }
    if (amount <= 0n) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('AMOUNT_NOT_POSITIVE', {
          field: '/amount/value',
          value: request.amount.value,
          location: 'body',
        }),
      ]);
    }
    if (amount > outstanding) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('AMOUNT_GREATER_THAN_OUTSTANDING_BALANCE', {
          field: '/amount/value',
          value: request.amount.value,
          location: 'body',
          description: `The outstanding balance is ${money(outstanding, currency).value} ${currency}.`,
        }),
      ]);
    }
    return this.engine.captureOutstanding(subscription, amount, this.deps.clock.now());
  }

  /** The subscription's payments between two times (both required, as the platform's). */
  transactions(id: string, startTime: string, endTime: string, ctx: RequestContext): Record<string, unknown> {
    const subscription = this.get(id, ctx);
    const from = Date.parse(startTime);
    const to = Date.parse(endTime);
    if (to < from) {
      throw new ApiError('INVALID_REQUEST', [
        detail('INVALID_PARAMETER_VALUE', {
          field: 'end_time',
          value: endTime,
          location: 'query',
          description: 'end_time is before start_time.',
        }),
      ]);
    }
    const sales = this.deps.store.resources
      .byRoot<StoredSale['body'], StoredSale['internal']>('subscription-sale', subscription.id)
      .filter((sale) => {
        const at = Date.parse(sale.body.time);
        return at >= from && at <= to;
      });
    return {
      transactions: sales.map((sale) => ({ ...sale.body, status: sale.status })),
      total_items: sales.length,
      total_pages: 1,
      links: [],
    };
  }

  private statusChange(subscription: StoredSubscription, reason: string | undefined): void {
    subscription.body.status_update_time = this.deps.clock.nowIso();
    if (reason !== undefined) subscription.body.status_change_note = reason;
  }

  /** What the regular cycle of `plan` charges per cycle for `quantity` (price rises are judged on it). */
  private regularCharge(plan: StoredPlan, quantity: string, shipping: Money | undefined): bigint {
    const regular = plan.body.billing_cycles.find((c) => c.tenure_type === 'REGULAR');
    const price = regular?.pricing_scheme?.fixed_price;
    const priceMinor = price ? toMinor(price.value, price.currency_code) : 0n;
    const shippingMinor = shipping ? toMinor(shipping.value, shipping.currency_code) : 0n;
    return cycleCharge(priceMinor, BigInt(quantity), plan.body.taxes, shippingMinor).gross;
  }

  private currencyOf(plan: StoredPlan): string {
    for (const cycle of plan.body.billing_cycles) {
      if (cycle.pricing_scheme?.fixed_price) return cycle.pricing_scheme.fixed_price.currency_code;
    }
    return plan.body.payment_preferences.setup_fee?.currency_code ?? 'USD';
  }
}

function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (number.startsWith('6')) return 'DISCOVER';
  return 'UNKNOWN';
}

/** What a subscription PATCH may produce, validated like a create's members. */
const PatchedSubscriptionSchema = z.object({
  custom_id: z.string().min(1).max(127).optional(),
  shipping_amount: MoneySchema.optional(),
  start_time: DateTimeSchema,
  subscriber: z.object({ shipping_address: ShippingAddressSchema.optional() }).passthrough(),
  billing_info: z.object({ outstanding_balance: MoneySchema }),
});
