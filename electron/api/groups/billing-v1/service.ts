import {
  billingAgreementV1Machine as agreementMachine,
  billingPlanV1Machine as planMachine,
  LEGACY_LIMITS,
  type AgreementCreateRequest,
  type LegacyPlanCreateRequest,
} from '../../../../shared/api/billing-v1/index.js';
import type { PlanCreateRequest } from '../../../../shared/api/subscriptions/index.js';
import { randomString } from '../../../../shared/ids.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { MoneyError, fromMinor, toMinor } from '../../../../shared/money.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { ApiError, detail, notFound } from '../../pipeline/api-error.js';
import { link } from '../../pipeline/links.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import type { CatalogProductsService } from '../catalog-products/index.js';
import type { PlansService, StoredSubscription, SubscriptionsService } from '../subscriptions/index.js';
import { merchantTimeZone, startOfDayIn } from './merchant-time.js';
import type { MoneyV1, PaymentDefinitionBody, StoredAgreement, StoredLegacyPlan } from './types.js';
import { LEGACY_PLANS_PATH, legacyPlanLinks, legacyPlanView } from './views.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const newId = (prefix: string, length: number) => prefix + randomString(ALNUM, length);

function minorOf(amount: MoneyV1, field: string): bigint {
  try {
    const minor = toMinor(amount.value, amount.currency);
    if (minor < 0n) throw new MoneyError('INVALID_PARAMETER_SYNTAX', 'An amount cannot be negative.');
    return minor;
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ApiError(
      error.issue === 'CURRENCY_NOT_SUPPORTED' ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
      [detail(error.issue, { field, value: amount.value, location: 'body', description: error.message })],
    );
  }
}

const canonical = (amount: MoneyV1, field: string): MoneyV1 => ({
  currency: amount.currency,
  value: fromMinor(minorOf(amount, field), amount.currency),
});

/**
 * Billing plans and agreements v1 (spec 2.8, 2.9, 4.8; deprecated). A plan, once activated, is billed
 * through a subscription plan made from it; an agreement is a subscription on that plan (the same `I-`
 * id), so its `agreement_details` come from the billing engine that bills every subscription.
 */
export class BillingV1Service {
  constructor(
    private readonly deps: ApiDeps,
    private readonly products: CatalogProductsService,
    private readonly plans: PlansService,
    private readonly subscriptions: SubscriptionsService,
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
      new ApiError('UNPROCESSABLE_ENTITY', [
        detail(issue, {
          field: '/payment_definitions',
          location: 'body',
          ...(description ? { description } : {}),
        }),
      ]);
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
      kind: 'billing-plan-v1',
      id,
      app_id: ctx.app.id,
      status: 'CREATED',
      parent_id: null,
      root_id: id,
      create_time: now,
      update_time: now,
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
    const plan = this.deps.store.resources.get<StoredLegacyPlan['body'], StoredLegacyPlan['internal']>(
      'billing-plan-v1',
      id,
    );
    if (!plan || plan.app_id !== ctx.app.id) throw notFound('billing plan', id, 'plan_id');
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
    const page = Number(query.page ?? '0');
    const size = Number(query.page_size ?? LEGACY_LIMITS.defaultPageSize);
    // The platform lists CREATED plans unless a status is asked for.
    const status = query.status ?? 'CREATED';
    const where = ["kind = 'billing-plan-v1'", 'app_id = ?'];
    const args: (string | number)[] = [ctx.app.id];
    if (status !== 'ALL') {
      where.push('status = ?');
      args.push(status);
    }
    const db = this.deps.store.db;
    const clause = where.join(' AND ');
    const total = Number(
      (db.prepare(`SELECT COUNT(*) AS n FROM resources WHERE ${clause}`).get(...args) as { n: number }).n,
    );
    const rows = db
      .prepare(
        `SELECT id FROM resources WHERE ${clause} ORDER BY create_time DESC, rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, size, page * size) as { id: string }[];
    const plans = rows
      .map((row) => this.getPlan(row.id, ctx))
      .map((plan) => ({ ...legacyPlanView(plan), links: legacyPlanLinks(plan, ctx.baseUrl) }));
    const pages = Math.max(1, Math.ceil(total / size));
    const href = (p: number) => `${LEGACY_PLANS_PATH}?page_size=${size}&page=${p}&status=${status}`;
    return {
      plans,
      ...(query.total_required === 'yes' ? { total_items: String(total), total_pages: String(pages) } : {}),
      links: [
        link(ctx.baseUrl, href(page), 'self'),
        ...(page > 0
          ? [link(ctx.baseUrl, href(0), 'start'), link(ctx.baseUrl, href(page - 1), 'previous_page')]
          : []),
        ...(page + 1 < pages
          ? [link(ctx.baseUrl, href(page + 1), 'next_page'), link(ctx.baseUrl, href(pages - 1), 'last')]
          : []),
      ],
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
        throw new ApiError('UNPROCESSABLE_ENTITY', [
          detail('INVALID_PATCH_PATH', {
            field: `/${index}/path`,
            value: operation.path,
            location: 'body',
            description: 'Billing plans v1 take replace operations on "/" only.',
          }),
        ]);
      }
      const value = operation.value as Record<string, unknown> | undefined;
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        throw new ApiError('INVALID_REQUEST', [
          detail('INVALID_PARAMETER_VALUE', {
            field: `/${index}/value`,
            location: 'body',
            description: 'Expected an object such as {"state":"ACTIVE"}.',
          }),
        ]);
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
            throw new ApiError('INVALID_REQUEST', [
              detail('INVALID_PARAMETER_VALUE', {
                field: `/${index}/value/merchant_preferences/${key}`,
                location: 'body',
              }),
            ]);
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
        throw new ApiError('INVALID_REQUEST', [
          detail('INVALID_PARAMETER_VALUE', {
            field: `/${index}/value/state`,
            value: state,
            location: 'body',
            description: 'Expected ACTIVE or INACTIVE.',
          }),
        ]);
      }
    });
    if (!operations.some((o) => (o.value as Record<string, unknown> | undefined)?.state !== undefined)) {
      transition(this.deps, planMachine, plan, 'update', { note: 'PATCH' });
    }
  }

  createAgreement(
    request: AgreementCreateRequest,
    ctx: RequestContext,
  ): { agreement: StoredAgreement; subscription: StoredSubscription } {
    if (request.payee !== undefined) {
      throw new ApiError('INVALID_REQUEST', [
        detail('PAYEE_NOT_SUPPORTED', { field: '/payee', location: 'body' }),
      ]);
    }
    const nowMs = this.deps.clock.now();
    const requested = Date.parse(request.start_date);
    if (requested < nowMs + DAY) {
      throw new ApiError('INVALID_REQUEST', [
        detail('START_DATE_TOO_EARLY', {
          field: '/start_date',
          value: request.start_date,
          location: 'body',
          description: `start_date must be at least 24 hours after now (${isoSeconds(nowMs + DAY)}).`,
        }),
      ]);
    }
    const plan = this.getPlan(request.plan.id, ctx);
    if (plan.status !== 'ACTIVE' || !plan.internal.billing_plan_id) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('PLAN_NOT_ACTIVE', {
          field: '/plan/id',
          value: plan.id,
          location: 'body',
          description: `Agreements can be created only on ACTIVE plans (this one is ${plan.status}).`,
        }),
      ]);
    }
    // Spec 2.9: the start of that day in the merchant account's time zone, in UTC.
    const startMs = startOfDayIn(merchantTimeZone(ctx.merchant.country_code), requested);
    const prefs = { ...plan.body.merchant_preferences, ...(request.override_merchant_preferences ?? {}) };
    const token = newId('EC-', 17);
    const charges: Record<string, { tax_minor: string; shipping_minor: string }> = {};
    const ordered = orderedDefinitions(plan);
    ordered.forEach((definition, index) => {
      let tax = 0n;
      let shipping = 0n;
      for (const model of definition.charge_models) {
        const override = request.override_charge_models?.find((o) => o.charge_id === model.id);
        const amount = override
          ? minorOf(override.amount, '/override_charge_models')
          : minorOf(model.amount, '/plan');
        if (model.type === 'TAX') tax += amount;
        else shipping += amount;
      }
      charges[String(index + 1)] = { tax_minor: String(tax), shipping_minor: String(shipping) };
    });
    const subscription = this.subscriptions.create(
      {
        plan_id: plan.internal.billing_plan_id,
        start_time: isoSeconds(Math.max(startMs, nowMs)),
        ...(request.payer.payer_info?.email
          ? { subscriber: { email_address: request.payer.payer_info.email } }
          : {}),
        application_context: {
          ...(prefs.return_url ? { return_url: prefs.return_url } : {}),
          ...(prefs.cancel_url ? { cancel_url: prefs.cancel_url } : {}),
        },
      },
      ctx,
      { token, charges },
    );
    const now = isoSeconds(nowMs);
    const agreement: StoredAgreement = {
      kind: 'billing-agreement-v1',
      id: subscription.id,
      app_id: ctx.app.id,
      status: 'Pending',
      parent_id: plan.id,
      root_id: subscription.id,
      create_time: now,
      update_time: now,
      body: {
        id: subscription.id,
        state: 'Pending',
        name: request.name,
        description: request.description,
        start_date: isoSeconds(startMs),
        payer: { ...request.payer, payment_method: request.payer.payment_method.toLowerCase() },
        plan: {
          id: plan.id,
          state: plan.status,
          name: plan.body.name,
          description: plan.body.description,
          type: plan.body.type,
          payment_definitions: plan.body.payment_definitions,
          merchant_preferences: prefs,
        },
        ...(request.shipping_address ? { shipping_address: request.shipping_address } : {}),
        ...(request.override_merchant_preferences
          ? { override_merchant_preferences: request.override_merchant_preferences }
          : {}),
      },
      internal: { token, plan_id: plan.id, merchant_id: ctx.merchant.id },
    };
    createResource(this.deps, agreementMachine, agreement, 'create');
    return { agreement, subscription };
  }

  /** Executes an agreement the buyer approved: Active, billed from its start date. */
  execute(token: string, ctx: RequestContext): StoredAgreement {
    const agreement = this.byToken(token, ctx);
    refuseUnless(agreementMachine, agreement, 'execute', `The agreement is already ${agreement.status}.`);
    const subscription = this.subscriptions.find(agreement.id);
    if (!subscription || subscription.status === 'APPROVAL_PENDING') {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('AGREEMENT_NOT_APPROVED', { field: 'payment_token', value: token, location: 'path' }),
      ]);
    }
    const payer = subscription.internal.payer;
    if (payer) {
      agreement.body.payer = {
        payment_method: agreement.body.payer.payment_method ?? 'paypal',
        status: 'verified',
        payer_info: {
          email: payer.email,
          first_name: payer.given_name,
          last_name: payer.surname,
          payer_id: payer.account_id,
        },
      };
    }
    agreement.body.state = 'Active';
    transition(this.deps, agreementMachine, agreement, 'execute');
    return agreement;
  }

  getAgreement(id: string, ctx: RequestContext): StoredAgreement {
    const agreement = this.deps.store.resources.get<StoredAgreement['body'], StoredAgreement['internal']>(
      'billing-agreement-v1',
      id,
    );
    if (!agreement || agreement.app_id !== ctx.app.id)
      throw notFound('billing agreement', id, 'agreement_id');
    return agreement;
  }

  subscriptionOf(agreement: StoredAgreement): StoredSubscription | undefined {
    return this.subscriptions.find(agreement.id);
  }

  private byToken(token: string, ctx: RequestContext): StoredAgreement {
    const row = this.deps.store.db
      .prepare(
        "SELECT id FROM resources WHERE kind = 'billing-agreement-v1' AND app_id = ? AND json_extract(internal, '$.token') = ?",
      )
      .get(ctx.app.id, token) as { id: string } | undefined;
    if (!row) throw notFound('billing agreement token', token, 'payment_token');
    return this.getAgreement(row.id, ctx);
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

/** TRIAL first, then REGULAR: the order the subscription plan bills them in. */
const orderedDefinitions = (plan: StoredLegacyPlan): PaymentDefinitionBody[] =>
  [...plan.body.payment_definitions].sort((a, b) => (a.type === b.type ? 0 : a.type === 'TRIAL' ? -1 : 1));
