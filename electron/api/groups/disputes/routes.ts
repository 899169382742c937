import { DISPUTES_ENDPOINTS as API } from '../../../../shared/api/disputes/endpoints.js';
import { JSON_MEDIA_TYPES } from '../../pipeline/accept.js';
import { link } from '../../pipeline/links.js';
import { MULTIPART_MEDIA_TYPE } from '../../pipeline/multipart.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import { defineRoute, type AnyRoute, type OperationResult, type RequestContext } from '../../route.js';
import type { DisputeActions } from './actions.js';
import { DOCUMENT_RULES } from './documents.js';
import type { DisputeLifecycle } from './opening.js';
import type { DisputesService } from './service.js';
import type { StoredDispute } from './types.js';
import { DISPUTES_PATH } from './views.js';

/** Actions that take documents: JSON, or multipart/form-data with an `input` part and files. */
const withDocuments = {
  contentTypes: [...JSON_MEDIA_TYPES, MULTIPART_MEDIA_TYPE],
  bodyLimit: DOCUMENT_RULES.maxRequestBytes + 1024 * 1024,
} as const;

/** What every action answers (`subsequent_action`): the link to the dispute it changed. */
const subsequentAction = (dispute: StoredDispute, ctx: RequestContext): OperationResult => ({
  status: 200,
  body: { links: [link(ctx.baseUrl, `${DISPUTES_PATH}/${dispute.id}`, 'self')] },
});

export function disputeRoutes(
  disputes: DisputesService,
  actions: DisputeActions,
  lifecycle: DisputeLifecycle,
): AnyRoute[] {
  return [
    defineRoute(API.list, {
      partnerFeatures: ['READ_SELLER_DISPUTE'],
      handle: ({ query, ctx }) => ({ status: 200, body: disputes.list(query, ctx) }),
    }),
    defineRoute(API.show, {
      partnerFeatures: ['READ_SELLER_DISPUTE'],
      handle: ({ params, ctx }) => ({ status: 200, resource: disputes.get(params.id, ctx) }),
    }),
    defineRoute(API.update, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) => {
        disputes.update(params.id, body, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(API.acceptClaim, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.acceptClaim(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.provideEvidence, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.provideEvidence(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.appeal, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.appeal(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.makeOffer, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) => subsequentAction(actions.makeOffer(params.id, body, ctx), ctx),
    }),
    defineRoute(API.sendMessage, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.sendMessage(params.id, body, uploads, ctx), ctx),
    }),
    defineRoute(API.escalate, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) => subsequentAction(actions.escalate(params.id, body, ctx), ctx),
    }),
    defineRoute(API.acknowledgeReturnItem, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.acknowledgeReturnItem(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.provideSupportingInfo, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.provideSupportingInfo(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.acceptOffer, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) =>
        subsequentAction(actions.acceptOffer(params.id, body ?? {}, ctx), ctx),
    }),
    defineRoute(API.denyOffer, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) => subsequentAction(actions.denyOffer(params.id, body, ctx), ctx),
    }),
    defineRoute(API.requireEvidence, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) => subsequentAction(actions.requireEvidence(params.id, body, ctx), ctx),
    }),
    defineRoute(API.adjudicate, {
      partnerFeatures: ['UPDATE_SELLER_DISPUTE'],
      handle: ({ params, body, ctx }) => subsequentAction(actions.adjudicate(params.id, body, ctx), ctx),
    }),
    defineRoute(API.open, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, ctx }) => ({ status: 201, resource: lifecycle.open(body, ctx) }),
    }),
  ];
}
