import { IDENTITY_ENDPOINTS as E } from '../../../../shared/api/identity/endpoints.js';
import { ScimHeaders } from '../../../../shared/api/identity/schemas.js';
import { SCIM_MEDIA_TYPE } from '../../../../shared/api/identity/scim-rules.js';
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { loggedScimPatch } from './scim-logged-body.js';
import type { ScimUsersService } from './scim-users-service.js';
import { listResponse, scimContentType, scimUserView } from './scim-views.js';
import { userinfo } from './userinfo-service.js';

/** SCIM takes and answers `application/scim+json` (RFC 7644 section 3.1), and plain JSON besides. */
const SCIM = {
  contentTypes: [SCIM_MEDIA_TYPE, ...JSON_MEDIA_TYPES],
  produces: [SCIM_MEDIA_TYPE, 'application/json'],
  errorStyle: 'scim',
} as const;

/** The HTTP binding of identity: userinfo in the short identity error form, SCIM users in SCIM's. */
export function identityRoutes(users: ScimUsersService): AnyRoute[] {
  return [
    defineRoute(E.userinfo, {
      partnerFeatures: ['ACCESS_MERCHANT_INFORMATION'],
      errorStyle: 'identity',
      handle: ({ ctx }) => ({ status: 200, body: userinfo(ctx) }),
    }),
    defineRoute(E.userinfoByForm, {
      partnerFeatures: ['ACCESS_MERCHANT_INFORMATION'],
      errorStyle: 'identity',
      contentTypes: [FORM_MEDIA_TYPE],
      tokenInForm: true,
      handle: ({ ctx }) => ({ status: 200, body: userinfo(ctx) }),
    }),
    defineRoute(
      { ...E.createUser, headers: ScimHeaders },
      {
        partnerFeatures: PARTNER_ONLY,
        ...SCIM,
        handle: ({ body, headers, ctx }) => ({
          status: 201,
          headers: scimContentType(headers.accept),
          body: scimUserView(users.create(body, ctx.app.id), ctx.baseUrl),
        }),
      },
    ),
    defineRoute(
      { ...E.listUsers, headers: ScimHeaders },
      {
        partnerFeatures: PARTNER_ONLY,
        ...SCIM,
        handle: ({ query, headers, ctx }) => {
          const { page, total, startIndex } = users.list(query);
          return {
            status: 200,
            headers: scimContentType(headers.accept),
            body: listResponse(page, total, startIndex, ctx.baseUrl),
          };
        },
      },
    ),
    defineRoute(
      { ...E.showUser, headers: ScimHeaders },
      {
        partnerFeatures: PARTNER_ONLY,
        ...SCIM,
        handle: ({ params, headers, ctx }) => ({
          status: 200,
          headers: scimContentType(headers.accept),
          body: scimUserView(users.get(params.id), ctx.baseUrl),
        }),
      },
    ),
    defineRoute(
      { ...E.patchUser, headers: ScimHeaders },
      {
        partnerFeatures: PARTNER_ONLY,
        loggedBody: loggedScimPatch,
        ...SCIM,
        handle: ({ params, body, headers, ctx }) => ({
          status: 200,
          headers: scimContentType(headers.accept),
          body: scimUserView(users.patch(params.id, body.Operations), ctx.baseUrl),
        }),
      },
    ),
    defineRoute(
      { ...E.deleteUser, headers: ScimHeaders },
      {
        partnerFeatures: PARTNER_ONLY,
        ...SCIM,
        handle: ({ params }) => {
          users.delete(params.id);
          return { status: 204 };
        },
      },
    ),
  ];
}
