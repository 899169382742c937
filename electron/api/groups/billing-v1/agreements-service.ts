import {
  billingAgreementV1Machine as agreementMachine,
  type AgreementCreateRequest,
} from '../../../../shared/api/billing-v1/index.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, notFound, unprocessable, bodyDetail } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { createResource, refuseUnless, transition } from '../../transition.js';
import type { StoredSubscription, SubscriptionsService } from '../subscriptions/index.js';
import { merchantTimeZone, startOfDayIn } from './merchant-time.js';
import type { StoredAgreement } from './types.js';
import type { LegacyPlansService } from './legacy-plans-service.js';
import { minorOf, newId, orderedDefinitions } from './legacy-values.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/**
 * Billing agreements v1 (spec 2.9, 4.8; deprecated): an agreement is a subscription of the same `I-` id on
 * its plan's subscription plan, approved on the subscriptions' buyer page, so its `agreement_details` come
 * from the billing engine.
 */
export class AgreementsService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly legacyPlans: LegacyPlansService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  createAgreement(
    request: AgreementCreateRequest,
    ctx: RequestContext,
  ): { agreement: StoredAgreement; subscription: StoredSubscription } {
    if (request.payee !== undefined) {
      throw invalidRequest(detail('PAYEE_NOT_SUPPORTED', { field: '/payee', location: 'body' }));
    }
    const nowMs = this.deps.clock.now();
    const requested = Date.parse(request.start_date);
    if (requested < nowMs + DAY) {
      throw invalidRequest(
        bodyDetail(
          '/start_date',
          'START_DATE_TOO_EARLY',
          `start_date must be at least 24 hours after now (${isoSeconds(nowMs + DAY)}).`,
          request.start_date,
        ),
      );
    }
    const plan = this.legacyPlans.getPlan(request.plan.id, ctx);
    if (plan.status !== 'ACTIVE' || !plan.internal.billing_plan_id) {
      throw unprocessable(
        bodyDetail(
          '/plan/id',
          'PLAN_NOT_ACTIVE',
          `Agreements can be created only on ACTIVE plans (this one is ${plan.status}).`,
          plan.id,
        ),
      );
    }
    // Spec 2.9: the start of that day in the merchant account's time zone, in UTC.
    const startMs = startOfDayIn(merchantTimeZone(ctx.merchant.country_code), requested);
    const prefs = { ...plan.body.merchant_preferences, ...(request.override_merchant_preferences ?? {}) };
    const overrideFee = request.override_merchant_preferences?.setup_fee;
    const planCurrency = plan.body.payment_definitions[0]?.amount.currency;
    // The fee is charged by the agreement's billing, which is in the plan's one currency.
    if (overrideFee && planCurrency && overrideFee.currency !== planCurrency) {
      throw unprocessable(
        bodyDetail(
          '/override_merchant_preferences/setup_fee/currency',
          'CURRENCY_MISMATCH',
          `The plan bills in ${planCurrency}.`,
          overrideFee.currency,
        ),
      );
    }
    const setupFeeMinor = prefs.setup_fee
      ? minorOf(
          prefs.setup_fee,
          request.override_merchant_preferences?.setup_fee
            ? '/override_merchant_preferences/setup_fee/value'
            : '/plan/merchant_preferences/setup_fee/value',
        )
      : 0n;
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
      {
        token,
        charges,
        setup_fee_minor: String(setupFeeMinor),
        setup_fee_failure_action:
          String(prefs.initial_fail_amount_action ?? 'CONTINUE').toUpperCase() === 'CANCEL'
            ? 'CANCEL'
            : 'CONTINUE',
      },
    );
    const now = isoSeconds(nowMs);
    const agreement: StoredAgreement = {
      ...resourceEnvelope({
        kind: 'billing-agreement-v1',
        id: subscription.id,
        app: ctx.app.id,
        status: 'Pending',
        parent: plan.id,
        at: now,
      }),
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
      throw unprocessable(
        detail('AGREEMENT_NOT_APPROVED', { field: 'payment_token', value: token, location: 'path' }),
      );
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
    // The setup fee is charged as the merchant executes the agreement, not when billing starts.
    this.subscriptions.legacyExecuted(subscription);
    return agreement;
  }

  getAgreement(id: string, ctx: RequestContext): StoredAgreement {
    const agreement = this.deps.store.resources.owned<StoredAgreement>(
      'billing-agreement-v1',
      id,
      ctx.app.id,
    );
    if (!agreement) throw notFound('billing agreement', id, 'agreement_id');
    return agreement;
  }

  subscriptionOf(agreement: StoredAgreement): StoredSubscription | undefined {
    return this.subscriptions.find(agreement.id);
  }

  private byToken(token: string, ctx: RequestContext): StoredAgreement {
    const agreement = this.deps.store.resources.findOne<StoredAgreement>({
      kind: 'billing-agreement-v1',
      app: ctx.app.id,
      members: { 'internal.token': token },
    });
    if (!agreement) throw notFound('billing agreement token', token, 'payment_token');
    return agreement;
  }
}
