import { SUBSCRIPTIONS_ENDPOINTS as E } from '../../../../shared/api/subscriptions/endpoints.js';
import { PLAN_LIMITS } from '../../../../shared/api/subscriptions/schemas.js';
import { HOUR } from '../../../clock.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import type { PlansService } from './plan-service.js';
import type { SubscriptionsService } from './subscription-service.js';

/** Spec part 8: a plan create's Svc-Request-Id is kept 72 hours; subscriptions use the same. */
export const PLAN_KEY_RETENTION_MS = PLAN_LIMITS.requestIdRetentionHours * HOUR;

const noContent = (run: () => void) => {
  run();
  return { status: 204 };
};

/** The HTTP binding of plans and subscriptions. */
export function subscriptionRoutes(plans: PlansService, subscriptions: SubscriptionsService): AnyRoute[] {
  return [
    defineRoute(E.createPlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      idempotency: { retentionMs: PLAN_KEY_RETENTION_MS },
      // Spec 4.9: Prefer defaults to return=minimal.
      prefer: 'minimal',
      handle: ({ body, ctx }) => ({ status: 201, resource: plans.create(body, ctx) }),
    }),
    defineRoute(E.listPlans, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ query, ctx }) => ({ status: 200, body: plans.list(query, ctx) }),
    }),
    defineRoute(E.showPlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: plans.get(params.id, ctx) }),
    }),
    defineRoute(E.updatePlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => noContent(() => plans.update(params.id, body, ctx)),
    }),
    defineRoute(E.activatePlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => noContent(() => plans.activate(params.id, ctx)),
    }),
    defineRoute(E.deactivatePlan, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, ctx }) => noContent(() => plans.deactivate(params.id, ctx)),
    }),
    defineRoute(E.updatePricing, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => noContent(() => plans.updatePricing(params.id, body, ctx)),
    }),
    defineRoute(E.create, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      idempotency: { retentionMs: PLAN_KEY_RETENTION_MS },
      prefer: 'minimal',
      handle: ({ body, ctx }) => ({ status: 201, resource: subscriptions.create(body, ctx) }),
    }),
    defineRoute(E.list, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ query, ctx }) => ({ status: 200, body: subscriptions.list(query, ctx) }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, query, ctx }) => ({
        status: 200,
        body: subscriptions.show(params.id, query.fields, ctx),
      }),
    }),
    defineRoute(E.update, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => noContent(() => subscriptions.update(params.id, body, ctx)),
    }),
    defineRoute(E.revise, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => ({ status: 200, body: subscriptions.revise(params.id, body, ctx) }),
    }),
    defineRoute(E.suspend, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => noContent(() => subscriptions.suspend(params.id, body.reason, ctx)),
    }),
    defineRoute(E.activate, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) =>
        noContent(() => subscriptions.activate(params.id, body?.reason, ctx)),
    }),
    defineRoute(E.cancel, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, body, ctx }) => noContent(() => subscriptions.cancel(params.id, body.reason, ctx)),
    }),
    defineRoute(E.capture, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      idempotency: { retentionMs: PLAN_KEY_RETENTION_MS },
      handle: ({ params, body, ctx }) => ({
        status: 202,
        resource: subscriptions.capture(params.id, body, ctx),
      }),
    }),
    defineRoute(E.transactions, {
      partnerFeatures: ['BILLING_AGREEMENT'],
      handle: ({ params, query, ctx }) => ({
        status: 200,
        body: subscriptions.transactions(params.id, query.start_time, query.end_time, ctx),
      }),
    }),
  ];
}
