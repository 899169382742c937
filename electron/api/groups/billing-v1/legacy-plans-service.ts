import {
  billingPlanV1Machine as planMachine,
  LEGACY_LIMITS,
  type LegacyPlanCreateRequest,
} from '../../../../shared/api/billing-v1/index.js';
import type { PlanCreateRequest } from '../../../../shared/api/subscriptions/index.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { toMinor } from '../../../../shared/money.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import { pageCount, pageLinks, pageOffset, readPage, type PageLinkRule } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import type { CatalogProductsService } from '../catalog-products/index.js';
import type { PlansService } from '../subscriptions/index.js';
import type { MoneyV1, PaymentDefinitionBody, StoredLegacyPlan } from './types.js';
import { LEGACY_PLANS_PATH, legacyPlanLinks, legacyPlanView } from './views.js';
import { canonical, minorOf, newId, orderedDefinitions } from './legacy-values.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** The legacy names: pages from 0, `start` and `previous_page` past the first, `next_page` and `last` before the last. */
const LEGACY_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'self' },
  { step: 'first', rel: 'start' },
  { step: 'prev', rel: 'previous_page' },
  { step: 'next', rel: 'next_page' },
  { step: 'last' },
];

/**
 * Billing plans v1 (spec 2.8, 4.8; deprecated): create, list, show and PATCH. A plan, once activated, is
 * billed through a subscription plan (and product) made from it, so its agreements share the billing
 * engine of every subscription.
 */
export class LegacyPlansService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly products: CatalogProductsService,
    private readonly plans: PlansService,
  ) {}

  createPlan(request: LegacyPlanCreateRequest, ctx: RequestContext): StoredLegacyPlan {
    const regular = request.payment_definitions.filter((d) => d.type === 'REGULAR');
    const trials = request.payment_definitions.filter((d) => d.type === 'TRIAL');
    const rule = (
      issue:
        | 'MULTIPLE_REGULAR_PAYMENT_DEFINITIONS'
        | 'MULTIPLE_TRIAL_PAYMENT_DEFINITIONS'
        | 'MISSING_REGULAR_PAYMENT_DEFINITION'
        | 'INVALID_CYCLES_FOR_PLAN_TYPE'
        | 'CURRENCY_MISMATCH',
      description?: string,
    ) =>
      unprocessable(
        detail(issue, {
          field: '/payment_definitions',
          location: 'body',
          ...(description ? { description } : {}),
        }),
      );
    if (regular.length > 1) throw rule('MULTIPLE_REGULAR_PAYMENT_DEFINITIONS');
    if (trials.length > 1) throw rule('MULTIPLE_TRIAL_PAYMENT_DEFINITIONS');
    if (regular.length === 0) throw rule('MISSING_REGULAR_PAYMENT_DEFINITION');
    const regularCycles = Number(regular[0]?.cycles);
    if ((request.type === 'FIXED') !== regularCycles > 0) throw rule('INVALID_CYCLES_FOR_PLAN_TYPE');
    if (trials.some((t) => Number(t.cycles) === 0))
      throw rule('INVALID_CYCLES_FOR_PLAN_TYPE', 'A TRIAL definition runs 1 or more cycles.');
    const currency = regular[0]?.amount.currency ?? 'USD';
    const prefs = request.merchant_preferences ?? {};
    const amounts: [MoneyV1, string][] = [
      ...request.payment_definitions.flatMap((d, i) => [
        [d.amount, `/payment_definitions/${i}/amount`] as [MoneyV1, string],
        ...(d.charge_models ?? []).map(
          (c, j) => [c.amount, `/payment_definitions/${i}/charge_models/${j}/amount`] as [MoneyV1, string],
        ),
      ]),
      ...(prefs.setup_fee ? [[prefs.setup_fee, '/merchant_preferences/setup_fee'] as [MoneyV1, string]] : []),
    ];
    for (const [amount, field] of amounts) {
      minorOf(amount, `${field}/value`);
      if (amount.currency !== currency)
        throw rule('CURRENCY_MISMATCH', `Every amount of a plan is in one currency (${currency}).`);
    }
    const now = this.deps.clock.nowIso();
    const id = newId('P-', 24);
    // Spec 2.8: minimal preferences are answered with these defaults.
    const plan: StoredLegacyPlan = {
      ...resourceEnvelope({ kind: 'billing-plan-v1', id, app: ctx.app.id, status: 'CREATED', at: now }),
      body: {
        id,
        name: request.name,
        description: request.description,
        type: request.type,
        state: 'CREATED',
        payment_definitions: request.payment_definitions.map((d, i): PaymentDefinitionBody => ({
          id: newId('PD-', 24),
          name: d.name,
          type: d.type,
          frequency: d.frequency,
          frequency_interval: String(Number(d.frequency_interval)),
          amount: canonical(d.amount, `/payment_definitions/${i}/amount/value`),
          cycles: String(Number(d.cycles)),
          charge_models: (d.charge_models ?? []).map((c, j) => ({
            id: newId('CHM-', 24),
            type: c.type,
            amount: canonical(c.amount, `/payment_definitions/${i}/charge_models/${j}/amount/value`),
          })),
        })),
        merchant_preferences: {
          id: newId('MRP-', 24),
          setup_fee: prefs.setup_fee
            ? canonical(prefs.setup_fee, '/merchant_preferences/setup_fee/value')
            : { currency, value: '0' },
          max_fail_attempts: prefs.max_fail_attempts ?? '0',
          ...(prefs.return_url ? { return_url: prefs.return_url } : {}),
          ...(prefs.cancel_url ? { cancel_url: prefs.cancel_url } : {}),
          auto_bill_amount: prefs.auto_bill_amount ?? 'NO',
          initial_fail_amount_action: prefs.initial_fail_amount_action ?? 'CONTINUE',
        },
        create_time: now,
        update_time: now,
      },
      internal: { merchant_id: ctx.merchant.id },
    };
    createResource(this.deps, planMachine, plan, 'create');
    return plan;
  }

  getPlan(id: string, ctx: RequestContext): StoredLegacyPlan {
    const plan = this.deps.store.resources.owned<StoredLegacyPlan>('billing-plan-v1', id, ctx.app.id);
    if (!plan) throw notFound('billing plan', id, 'plan_id');
    return plan;
  }

  listPlans(
    query: {
      page?: string | undefined;
      page_size?: string | undefined;
      status?: string | undefined;
      total_required?: string | undefined;
    },
    ctx: RequestContext,
  ): Record<string, unknown> {
    const request = readPage(query, {
      defaultPageSize: LEGACY_LIMITS.defaultPageSize,
      firstPage: 0,
      totalWord: 'yes',
    });
    // The platform lists CREATED plans unless a status is asked for.
    const status = query.status ?? 'CREATED';
    const { items, total } = this.deps.store.resources.page<StoredLegacyPlan>(
      { kind: 'billing-plan-v1', app: ctx.app.id, ...(status !== 'ALL' ? { status } : {}) },
      request.pageSize,
      pageOffset(request),
    );
    const plans = items.map((plan) => ({
      ...legacyPlanView(plan),
      links: legacyPlanLinks(plan, ctx.baseUrl),
    }));
    const totals = { total_items: String(total), total_pages: String(pageCount(total, request.pageSize)) };
    return {
      plans,
      ...(request.totalRequired ? totals : {}),
      links: pageLinks({
        baseUrl: ctx.baseUrl,
        path: LEGACY_PLANS_PATH,
        request,
        total,
        params: { page_size: request.pageSize, page: request.page, status },
        rules: LEGACY_PAGE_LINKS,
      }),
    };
  }

  /**
   * PATCH (spec 4.8): `replace` of `/` with `{state}` moves the plan (ACTIVE, INACTIVE), and may change
   * `merchant_preferences` members or the name and description; 200 with no body.
   */
  patchPlan(id: string, operations: PatchOperation[], ctx: RequestContext): void {
    const plan = this.getPlan(id, ctx);
    operations.forEach((operation, index) => {
      if (operation.op !== 'replace' || operation.path !== '/') {
        throw unprocessable(
          detail('INVALID_PATCH_PATH', {
            field: `/${index}/path`,
            value: operation.path,
            location: 'body',
            description: 'Billing plans v1 take replace operations on "/" only.',
          }),
        );
      }
      const value = operation.value as Record<string, unknown> | undefined;
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        throw invalidRequest(
          detail('INVALID_PARAMETER_VALUE', {
            field: `/${index}/value`,
            location: 'body',
            description: 'Expected an object such as {"state":"ACTIVE"}.',
          }),
        );
      }
      const prefs = value.merchant_preferences as Record<string, unknown> | undefined;
      if (prefs && typeof prefs === 'object') {
        for (const key of [
          'return_url',
          'cancel_url',
          'auto_bill_amount',
          'initial_fail_amount_action',
          'max_fail_attempts',
        ] as const) {
          const given = prefs[key];
          if (given === undefined) continue;
          if (typeof given !== 'string' || given.length > 2048) {
            throw invalidRequest(
              detail('INVALID_PARAMETER_VALUE', {
                field: `/${index}/value/merchant_preferences/${key}`,
                location: 'body',
              }),
            );
          }
          (plan.body.merchant_preferences as unknown as Record<string, string>)[key] = given;
        }
      }
      if (typeof value.description === 'string' && value.description.length <= LEGACY_LIMITS.planDescription)
        plan.body.description = value.description;
      if (typeof value.name === 'string' && value.name.length <= LEGACY_LIMITS.planName)
        plan.body.name = value.name;
      const state = value.state;
      if (state === undefined) return;
      if (state === 'ACTIVE') {
        refuseUnless(planMachine, plan, 'activate', `The plan is already ${plan.status}.`);
        this.ensureBillingPlan(plan, ctx);
        plan.body.state = 'ACTIVE';
        transition(this.deps, planMachine, plan, 'activate');
      } else if (state === 'INACTIVE') {
        refuseUnless(planMachine, plan, 'deactivate', `The plan is already ${plan.status}.`);
        plan.body.state = 'INACTIVE';
        transition(this.deps, planMachine, plan, 'deactivate');
      } else {
        throw invalidRequest(
          detail('INVALID_PARAMETER_VALUE', {
            field: `/${index}/value/state`,
            value: state,
            location: 'body',
            description: 'Expected ACTIVE or INACTIVE.',
          }),
        );
      }
    });
    if (!operations.some((o) => (o.value as Record<string, unknown> | undefined)?.state !== undefined)) {
      transition(this.deps, planMachine, plan, 'update', { note: 'PATCH' });
    }
  }

  /** The subscription plan (and its product) that bills the plan's agreements, made once. */
  private ensureBillingPlan(plan: StoredLegacyPlan, ctx: RequestContext): void {
    if (plan.internal.billing_plan_id) return;
    const product = this.products.create(
      { name: plan.body.name.slice(0, 127), description: `Billing plan v1 ${plan.id}`, type: 'SERVICE' },
      ctx,
    );
    const prefs = plan.body.merchant_preferences;
    const request: PlanCreateRequest = {
      product_id: product.id,
      name: plan.body.name.slice(0, 127),
      description: `Billing plan v1 ${plan.id}`,
      status: 'ACTIVE',
      billing_cycles: orderedDefinitions(plan).map((d, index) => ({
        frequency: {
          interval_unit: d.frequency as 'DAY' | 'WEEK' | 'MONTH' | 'YEAR',
          interval_count: Math.max(1, Number(d.frequency_interval)),
        },
        tenure_type: d.type,
        sequence: index + 1,
        total_cycles: Number(d.cycles),
        ...(toMinor(d.amount.value, d.amount.currency) > 0n
          ? { pricing_scheme: { fixed_price: { currency_code: d.amount.currency, value: d.amount.value } } }
          : {}),
      })),
      payment_preferences: {
        auto_bill_outstanding: prefs.auto_bill_amount === 'YES',
        ...(toMinor(prefs.setup_fee.value, prefs.setup_fee.currency) > 0n
          ? { setup_fee: { currency_code: prefs.setup_fee.currency, value: prefs.setup_fee.value } }
          : {}),
        setup_fee_failure_action: prefs.initial_fail_amount_action,
        payment_failure_threshold: Number(prefs.max_fail_attempts),
      },
    };
    const billing = this.plans.create(request, ctx);
    plan.internal.billing_plan_id = billing.id;
    plan.internal.product_id = product.id;
  }
}
