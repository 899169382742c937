import { WEB_PROFILES_ENDPOINTS as E } from '../../../../shared/api/web-profiles/endpoints.js';
import { JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { TEMPORARY_PROFILE_MS } from './jobs.js';
import type { WebProfilesService } from './service.js';
import { webProfileLinks, webProfileView } from './views.js';

/** The HTTP binding of web experience profiles (spec 4.12). */
export function webProfileRoutes(profiles: WebProfilesService): AnyRoute[] {
  return [
    defineRoute(E.create, {
      partnerFeatures: ['PAYMENT'],
      // Spec part 8: web profile create keys are kept 3 hours; the header itself is required (4.12).
      idempotency: { retentionMs: TEMPORARY_PROFILE_MS },
      handle: ({ body, ctx }) => ({ status: 201, resource: profiles.create(body, ctx) }),
    }),
    defineRoute(E.list, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ ctx }) => ({
        status: 200,
        body: profiles
          .list(ctx)
          .map((profile) => ({ ...webProfileView(profile), links: webProfileLinks(profile, ctx.baseUrl) })),
      }),
    }),
    defineRoute(E.show, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => ({ status: 200, resource: profiles.get(params.id, ctx) }),
    }),
    defineRoute(E.replace, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, body, ctx }) => {
        profiles.replace(params.id, body, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(E.update, {
      partnerFeatures: ['PAYMENT'],
      contentTypes: JSON_MEDIA_TYPES,
      handle: ({ params, body, ctx }) => {
        profiles.patch(params.id, body, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(E.delete, {
      partnerFeatures: ['PAYMENT'],
      handle: ({ params, ctx }) => {
        profiles.delete(params.id, ctx);
        return { status: 204 };
      },
    }),
  ];
}
