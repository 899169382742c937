import {
  subscriptionMachine as machine,
  type CaptureRequest,
  type FundingChoice,
  type ReviseRequest,
  type SubscriptionCreateRequest,
} from '../../../../shared/api/subscriptions/index.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { ApiDeps } from '../../deps.js';
import {
  detail,
  invalidRequest,
  notFound,
  notFoundDetails,
  unprocessable,
  bodyDetail,
  queryDetail,
} from '../../pipeline/api-error.js';
import { pagedBody, pageOffset, readPage } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import { createResource, transition } from '../../transition.js';
import type { BillingEngine } from './jobs.js';
import { finalPaymentMs, initialExecutions } from './cycle-executions.js';
import { planCurrency, requestAmount as moneyIn } from './request-money.js';
import { approveSubscription } from './subscription-approval.js';
import { patchSubscription } from './subscription-patch.js';
import { refuseSubscription } from './subscription-refusals.js';
import { reviseSubscription } from './subscription-revision.js';
import { idList, newSubscriptionId } from './ids.js';
import type { PlansService } from './plan-service.js';
import {
  embeddedPlan,
  subscriptionLinks,
  subscriptionView,
  SUBSCRIPTIONS_PATH,
} from './subscription-views.js';
import type { StoredPlan, StoredSale, StoredSubscription, SubscriptionInternal } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const KIND = 'subscription';

/** Subscriptions: create, approve, show, update, revise, suspend, activate, cancel. */
export class SubscriptionsService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly plans: PlansService,
    private readonly engine: BillingEngine,
  ) {}

  /** `legacy`: the v1 agreement this subscription bills (the billing-v1 group creates those). */
  create(
    request: SubscriptionCreateRequest,
    ctx: RequestContext,
    legacy?: SubscriptionInternal['legacy'],
  ): StoredSubscription {
    const plan = this.deps.store.resources.owned<StoredPlan>(
      'subscription-plan',
      request.plan_id,
      ctx.app.id,
    );
    if (!plan) {
      throw notFoundDetails(
        bodyDetail('/plan_id', 'INVALID_RESOURCE_ID', `No plan with id ${request.plan_id}.`, request.plan_id),
      );
    }
    if (plan.status !== 'ACTIVE') {
      throw unprocessable(
        bodyDetail(
          '/plan_id',
          'PLAN_STATUS_INACTIVE',
          `Subscriptions can be created only on ACTIVE plans (this one is ${plan.status}).`,
          request.plan_id,
        ),
      );
    }
    if (request.quantity !== undefined && !plan.body.quantity_supported) {
      throw unprocessable(
        bodyDetail('/quantity', 'SUBSCRIPTION_CANNOT_HAVE_QUANTITY', undefined, request.quantity),
      );
    }
    const nowMs = this.deps.clock.now();
    const startMs = request.start_time !== undefined ? Date.parse(request.start_time) : nowMs;
    // A start a few seconds back is "now" (a client's clock); earlier is refused, as the platform does.
    if (startMs < nowMs - 60_000) {
      throw unprocessable(
        detail('INVALID_START_TIME', { field: '/start_time', value: request.start_time, location: 'body' }),
      );
    }
    const currency = planCurrency(plan);
    if (request.shipping_amount) {
      moneyIn(request.shipping_amount, '/shipping_amount/value');
      if (request.shipping_amount.currency_code !== currency) {
        throw unprocessable(
          bodyDetail(
            '/shipping_amount/currency_code',
            'CURRENCY_MISMATCH',
            `The plan bills in ${currency}.`,
            request.shipping_amount.currency_code,
          ),
        );
      }
    }
    const now = isoSeconds(nowMs);
    const id = newSubscriptionId();
    const card = request.subscriber?.payment_source?.card;
    const { payment_source: _card, ...subscriber } = request.subscriber ?? {};
    const subscription: StoredSubscription = {
      ...resourceEnvelope({
        kind: KIND,
        id,
        app: ctx.app.id,
        status: 'APPROVAL_PENDING',
        parent: plan.id,
        at: now,
      }),
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
    const subscription = this.deps.store.resources.owned<StoredSubscription>(KIND, id, ctx.app.id);
    if (!subscription) throw notFound('subscription', id);
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
    const request = readPage(query, { defaultPageSize: 10 });
    const found = this.deps.store.resources.page<StoredSubscription>(
      {
        kind: 'subscription',
        app: ctx.app.id,
        ...(query.plan_ids ? { parent: idList(query.plan_ids) } : {}),
      },
      request.pageSize,
      pageOffset(request),
    );
    const total = found.total;
    const items = found.items.map((s) => ({
      ...subscriptionView(s),
      links: subscriptionLinks(s, ctx.baseUrl),
    }));
    return pagedBody('subscriptions', items, total, request, {
      baseUrl: ctx.baseUrl,
      path: SUBSCRIPTIONS_PATH,
      params: { plan_ids: query.plan_ids },
    });
  }

  update(id: string, operations: PatchOperation[], ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    refuseSubscription(subscription, 'update');
    patchSubscription(this.deps, this.engine, subscription, operations);
  }

  /** The sandbox buyer approves (the page or the test helper), paying by wallet or card. */
  approve(subscription: StoredSubscription, buyerEmail: string, funding: FundingChoice): Account {
    return approveSubscription(this.deps, this.engine, subscription, buyerEmail, funding);
  }

  /** Its v1 agreement was executed: the agreement's setup fee is charged now. */
  legacyExecuted(subscription: StoredSubscription): void {
    this.engine.legacyExecuted(subscription, this.deps.clock.now());
  }

  /**
   * Revise the plan or quantity: it takes effect at the next cycle. A higher price per cycle needs the
   * buyer to approve it (the answer carries an `approve` link); a lower or equal one does not.
   */
  revise(id: string, request: ReviseRequest, ctx: RequestContext): Record<string, unknown> {
    const subscription = this.get(id, ctx);
    refuseSubscription(subscription, 'revise');
    return reviseSubscription(this.deps, this.plans, subscription, request, ctx);
  }

  suspend(id: string, reason: string, ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    refuseSubscription(subscription, 'suspend');
    this.engine.stop(subscription);
    this.statusChange(subscription, reason);
    transition(this.deps, machine, subscription, 'suspend', { note: reason });
  }

  activate(id: string, reason: string | undefined, ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    refuseSubscription(subscription, 'activate');
    // The merchant re-activates on purpose: the failure count starts again.
    if (subscription.body.billing_info) subscription.body.billing_info.failed_payments_count = 0;
    this.statusChange(subscription, reason);
    this.engine.resumed(subscription, this.deps.clock.now());
    transition(this.deps, machine, subscription, 'activate', { note: reason ?? null });
  }

  cancel(id: string, reason: string, ctx: RequestContext): void {
    const subscription = this.get(id, ctx);
    refuseSubscription(subscription, 'cancel');
    this.engine.stop(subscription);
    if (subscription.body.billing_info) delete subscription.body.billing_info.next_billing_time;
    this.statusChange(subscription, reason);
    transition(this.deps, machine, subscription, 'cancel', { note: reason });
  }

  capture(id: string, request: CaptureRequest, ctx: RequestContext): StoredSale {
    const subscription = this.get(id, ctx);
    refuseSubscription(subscription, 'capture');
    const outstanding = BigInt(subscription.internal.outstanding_minor);
    const currency = subscription.internal.currency;
    if (outstanding === 0n) {
      throw unprocessable(detail('ZERO_OUTSTANDING_BALANCE', { field: '/amount', location: 'body' }));
    }
    const amount = moneyIn(request.amount, '/amount/value');
    if (request.amount.currency_code !== currency) {
      throw unprocessable(
        bodyDetail(
          '/amount/currency_code',
          'CURRENCY_MISMATCH',
          `The outstanding balance is in ${currency}.`,
          request.amount.currency_code,
        ),
      );
    }
    if (amount <= 0n) {
      throw unprocessable(
        bodyDetail('/amount/value', 'AMOUNT_NOT_POSITIVE', undefined, request.amount.value),
      );
    }
    if (amount > outstanding) {
      throw unprocessable(
        bodyDetail(
          '/amount/value',
          'AMOUNT_GREATER_THAN_OUTSTANDING_BALANCE',
          `The outstanding balance is ${money(outstanding, currency).value} ${currency}.`,
          request.amount.value,
        ),
      );
    }
    return this.engine.captureOutstanding(subscription, amount, this.deps.clock.now());
  }

  /** The subscription's payments between two times (both required, as the platform's). */
  transactions(id: string, startTime: string, endTime: string, ctx: RequestContext): Record<string, unknown> {
    const subscription = this.get(id, ctx);
    const from = Date.parse(startTime);
    const to = Date.parse(endTime);
    if (to < from) {
      throw invalidRequest(
        queryDetail('end_time', 'INVALID_PARAMETER_VALUE', 'end_time is before start_time.', endTime),
      );
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
}

function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (number.startsWith('6')) return 'DISCOVER';
  return 'UNKNOWN';
}
