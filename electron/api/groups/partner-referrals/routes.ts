import { PARTNER_REFERRALS_ENDPOINTS as E } from '../../../../shared/api/partner-referrals/endpoints.js';
import type { Store } from '../../../store/store.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { loggedReferralV1, loggedReferralV2 } from './kept-referral.js';
import type { IntegrationsService } from './integrations-service.js';
import type { ReferralsService } from './referrals-service.js';
import { integrationView, referralLinks, trackingView } from './views.js';

/** Partner referrals v1 and v2 and merchant integrations (spec 4.11). */
export function partnerRoutes(
  referrals: ReferralsService,
  integrations: IntegrationsService,
  store: Store,
): AnyRoute[] {
  return [
    defineRoute(E.createV1, {
      partnerFeatures: PARTNER_ONLY,
      loggedBody: loggedReferralV1,
      handle: ({ body, ctx }) => ({
        status: 201,
        body: { links: referralLinks(referrals.createV1(body, ctx), ctx.baseUrl) },
      }),
    }),
    defineRoute(E.showV1, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        resource: referrals.get(params.partner_referral_id, ctx),
      }),
    }),
    defineRoute(E.createV2, {
      partnerFeatures: PARTNER_ONLY,
      loggedBody: loggedReferralV2,
      handle: ({ body, ctx }) => ({
        status: 201,
        body: { links: referralLinks(referrals.createV2(body, ctx), ctx.baseUrl) },
      }),
    }),
    defineRoute(E.showV2, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        resource: referrals.get(params.partner_referral_id, ctx),
      }),
    }),
    defineRoute(E.integrationByTracking, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, query, ctx }) => ({
        status: 201,
        body: trackingView(integrations.byTracking(params.partner_id, query.tracking_id, ctx), ctx.baseUrl),
      }),
    }),
    defineRoute(E.integration, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => ({
        status: 200,
        body: integrationView(integrations.byMerchant(params.partner_id, params.merchant_id, ctx), store),
      }),
    }),
    defineRoute(E.onboard, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, body, ctx }) => {
        const referral = referrals.get(params.partner_referral_id, ctx);
        const result = referrals.onboard(referral, body);
        return {
          status: 201,
          body: {
            partner_referral_id: referral.id,
            merchant_id: result.account.id,
            email: result.account.email,
            tracking_id: referral.internal.tracking_id ?? null,
            return_url: result.returnUrl ?? null,
          },
        };
      },
    }),
    defineRoute(E.revoke, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ params, ctx }) => {
        const integration = integrations.revoke(params.merchant_id, ctx);
        return { status: 200, body: { ...integrationView(integration, store), status: integration.status } };
      },
    }),
  ];
}
