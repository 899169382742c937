import { BILLING_V1_ENDPOINTS as E } from '../../../../shared/api/billing-v1/endpoints.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { AgreementsService } from './agreements-service.js';
import type { LegacyPlansService } from './legacy-plans-service.js';

/** The HTTP binding of billing plans and agreements v1. */
export function billingV1Routes(plans: LegacyPlansService, agreements: AgreementsService): AnyRoute[] {
  return [
    defineRoute(E.createPlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ body, ctx }) => ({ status: 201, resource: plans.createPlan(body, ctx) }),
    }),
    defineRoute(E.listPlans, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ query, ctx }) => ({ status: 200, body: plans.listPlans(query, ctx) }),
    }),
    defineRoute(E.showPlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: plans.getPlan(params.plan_id, ctx) }),
    }),
    defineRoute(E.updatePlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => {
        plans.patchPlan(params.plan_id, body, ctx);
        // Spec 4.8: 200 and no body.
        return { status: 200 };
      },
    }),
    defineRoute(E.createAgreement, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ body, ctx }) => ({ status: 201, resource: agreements.createAgreement(body, ctx).agreement }),
    }),
    defineRoute(E.executeAgreement, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: agreements.execute(params.payment_token, ctx) }),
    }),
    defineRoute(E.showAgreement, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => ({
        status: 200,
        resource: agreements.getAgreement(params.agreement_id, ctx),
      }),
    }),
  ];
}
