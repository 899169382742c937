import {
  PLAN_LIMITS,
  PLAN_PATCHABLE,
  PlanCreateSchema,
  planProblems,
  subscriptionPlanMachine as machine,
  type BillingCycleView,
  type PlanCreateRequest,
  type PlanListQueryInput,
  type PlanProblem,
  type PlanView,
  type UpdatePricingSchemesRequest,
} from '../../../../shared/api/subscriptions/index.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import type { Issue } from '../../../../shared/api/registry.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import { pagedBody, pageOffset, readPage } from '../../pipeline/paging.js';
import { restrictedPatch } from '../../pipeline/restricted-patch.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import type { CatalogProductsService } from '../catalog-products/index.js';
import { idList, newPlanId } from './ids.js';
import { PLANS_PATH, planListEntry } from './plan-views.js';
import type { StoredPlan } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

const KIND = 'subscription-plan';

/** 400 for malformed values, else 422 for the business rules: the first kind found decides. */
export function throwPlanProblems(problems: PlanProblem[]): void {
  if (problems.length === 0) return;
  const malformed = problems.filter((p) => p.status === 400);
  const chosen = malformed.length > 0 ? malformed : problems;
  const details = chosen.map((p) =>
    detail(p.issue as Issue, {
      field: p.field,
      value: p.value,
      location: 'body',
      description: p.description,
    }),
  );
  throw malformed.length > 0 ? invalidRequest(...details) : unprocessable(...details);
}

/** Subscription plans (spec 2.10, 4.9): create, list, show, update, activate, deactivate, reprice. */
export class PlansService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly products: CatalogProductsService,
  ) {}

  create(request: PlanCreateRequest, ctx: RequestContext): StoredPlan {
    throwPlanProblems(planProblems(request));
    // Another group's product: read through its service, and only the caller's own counts.
    const product = this.products.find(request.product_id);
    if (product?.app_id !== ctx.app.id) {
      throw unprocessable(
        detail('PRODUCT_NOT_FOUND', { field: '/product_id', value: request.product_id, location: 'body' }),
      );
    }
    const now = this.deps.clock.nowIso();
    const id = newPlanId();
    const prefs = request.payment_preferences;
    const body: PlanView = {
      id,
      product_id: request.product_id,
      name: request.name,
      status: request.status ?? 'ACTIVE',
      ...(request.description !== undefined ? { description: request.description } : {}),
      usage_type: 'LICENSED',
      billing_cycles: [...request.billing_cycles]
        .sort((a, b) => a.sequence - b.sequence)
        .map((cycle): BillingCycleView => ({
          frequency: {
            interval_unit: cycle.frequency.interval_unit,
            interval_count: cycle.frequency.interval_count ?? 1,
          },
          tenure_type: cycle.tenure_type,
          sequence: cycle.sequence,
          total_cycles: cycle.total_cycles ?? 1,
          ...(cycle.pricing_scheme?.fixed_price
            ? {
                pricing_scheme: {
                  version: 1,
                  fixed_price: { ...cycle.pricing_scheme.fixed_price },
                  status: 'ACTIVE',
                  create_time: now,
                  update_time: now,
                },
              }
            : {}),
        })),
      payment_preferences: {
        auto_bill_outstanding: prefs.auto_bill_outstanding ?? true,
        ...(prefs.setup_fee ? { setup_fee: prefs.setup_fee } : {}),
        setup_fee_failure_action: prefs.setup_fee_failure_action ?? 'CANCEL',
        payment_failure_threshold: prefs.payment_failure_threshold ?? 0,
      },
      ...(request.taxes
        ? { taxes: { percentage: request.taxes.percentage, inclusive: request.taxes.inclusive ?? true } }
        : {}),
      quantity_supported: request.quantity_supported ?? false,
      create_time: now,
      update_time: now,
    };
    const plan: StoredPlan = {
      ...resourceEnvelope({
        kind: KIND,
        id,
        app: ctx.app.id,
        status: body.status,
        parent: request.product_id,
        at: now,
      }),
      body,
      internal: { merchant_id: ctx.merchant.id },
    };
    createResource(this.deps, machine, plan, body.status === 'ACTIVE' ? 'create-active' : 'create');
    return plan;
  }

  get(id: string, ctx: RequestContext): StoredPlan {
    const plan = this.deps.store.resources.owned<StoredPlan>(KIND, id, ctx.app.id);
    if (!plan) throw notFound('plan', id);
    return plan;
  }

  find(id: string): StoredPlan | undefined {
    return this.deps.store.resources.get<StoredPlan['body'], StoredPlan['internal']>(KIND, id);
  }

  list(query: PlanListQueryInput, ctx: RequestContext): Record<string, unknown> {
    const request = readPage(query, { defaultPageSize: PLAN_LIMITS.defaultPageSize });
    const { items, total } = this.deps.store.resources.page<StoredPlan>(
      {
        kind: KIND,
        app: ctx.app.id,
        ...(query.product_id ? { parent: query.product_id } : {}),
        ...(query.plan_ids ? { ids: idList(query.plan_ids) } : {}),
      },
      request.pageSize,
      pageOffset(request),
    );
    // Spec 4.9: the list's Prefer default is minimal (id, name, description, links).
    const minimal = ctx.prefer !== 'representation';
    const plans = items.map((plan) => planListEntry(plan, ctx.baseUrl, minimal));
    return pagedBody('plans', plans, total, request, {
      baseUrl: ctx.baseUrl,
      path: PLANS_PATH,
      params: { product_id: query.product_id, plan_ids: query.plan_ids },
    });
  }

  update(id: string, operations: PatchOperation[], ctx: RequestContext): void {
    const plan = this.get(id, ctx);
    refuseUnless(machine, plan, 'update');
    const editable = {
      name: plan.body.name,
      ...(plan.body.description !== undefined ? { description: plan.body.description } : {}),
      payment_preferences: { ...plan.body.payment_preferences },
      ...(plan.body.taxes ? { taxes: { ...plan.body.taxes } } : {}),
    };
    const patched = restrictedPatch(
      editable,
      operations,
      PLAN_PATCHABLE,
      PlanCreateSchema.pick({ name: true, description: true, payment_preferences: true, taxes: true }),
    );
    if (patched.payment_preferences.setup_fee) {
      const fee = patched.payment_preferences.setup_fee;
      throwPlanProblems(
        planProblems({ billing_cycles: plan.body.billing_cycles, payment_preferences: { setup_fee: fee } }),
      );
    }
    plan.body.name = patched.name;
    if (patched.description !== undefined) plan.body.description = patched.description;
    else delete plan.body.description;
    plan.body.payment_preferences = patched.payment_preferences;
    if (patched.taxes)
      plan.body.taxes = { percentage: patched.taxes.percentage, inclusive: patched.taxes.inclusive ?? true };
    else delete plan.body.taxes;
    transition(this.deps, machine, plan, 'update', { note: 'PATCH' });
  }

  activate(id: string, ctx: RequestContext): void {
    const plan = this.get(id, ctx);
    refuseUnless(
      machine,
      plan,
      'activate',
      `Invalid plan status for activate action; plan status should be CREATED or INACTIVE (it is ${plan.status}).`,
    );
    transition(this.deps, machine, plan, 'activate');
  }

  deactivate(id: string, ctx: RequestContext): void {
    const plan = this.get(id, ctx);
    refuseUnless(
      machine,
      plan,
      'deactivate',
      `Invalid plan status for deactivate action; plan status should be ACTIVE (it is ${plan.status}).`,
    );
    transition(this.deps, machine, plan, 'deactivate');
  }

  /** A new version of each named cycle's price; subscriptions pay it from their next cycle. */
  updatePricing(id: string, request: UpdatePricingSchemesRequest, ctx: RequestContext): void {
    const plan = this.get(id, ctx);
    refuseUnless(machine, plan, 'update-pricing', `The plan is ${plan.status}: its prices cannot change.`);
    const now = this.deps.clock.nowIso();
    const cycles = plan.body.billing_cycles.map((c) => ({ ...c }));
    request.pricing_schemes.forEach((change, index) => {
      const cycle = cycles.find((c) => c.sequence === change.billing_cycle_sequence);
      if (!cycle || !cycle.pricing_scheme) {
        throw unprocessable(
          detail('PRICING_SCHEME_UPDATE_NOT_ALLOWED', {
            field: `/pricing_schemes/${index}/billing_cycle_sequence`,
            value: change.billing_cycle_sequence,
            location: 'body',
            description: cycle
              ? `Cycle ${change.billing_cycle_sequence} is a free trial: it has no price to change.`
              : `The plan has no billing cycle with sequence ${change.billing_cycle_sequence}.`,
          }),
        );
      }
      const currency = cycle.pricing_scheme.fixed_price?.currency_code;
      if (currency !== undefined && change.pricing_scheme.fixed_price.currency_code !== currency) {
        // Subscriptions already bill in the plan's currency: a new price keeps it.
        throw unprocessable(
          detail('CURRENCY_MISMATCH', {
            field: `/pricing_schemes/${index}/pricing_scheme/fixed_price/currency_code`,
            value: change.pricing_scheme.fixed_price.currency_code,
            location: 'body',
            description: `The plan bills in ${currency}.`,
          }),
        );
      }
      cycle.pricing_scheme = {
        version: cycle.pricing_scheme.version + 1,
        fixed_price: { ...change.pricing_scheme.fixed_price },
        status: 'ACTIVE',
        create_time: cycle.pricing_scheme.create_time,
        update_time: now,
      };
    });
    throwPlanProblems(
      planProblems({
        billing_cycles: cycles,
        payment_preferences: plan.body.payment_preferences,
      }).map((p) => ({ ...p, field: p.field.replace(/^\/billing_cycles/, '/pricing_schemes') })),
    );
    plan.body.billing_cycles = cycles;
    transition(this.deps, machine, plan, 'update-pricing', {
      note: request.pricing_schemes
        .map(
          (c) =>
            `cycle ${c.billing_cycle_sequence}: ${c.pricing_scheme.fixed_price.value} ${c.pricing_scheme.fixed_price.currency_code}`,
        )
        .join('; '),
    });
  }
}
