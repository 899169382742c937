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

/** `Content-Disposition` of a download: an ASCII stand-in name and the exact one (RFC 6266, 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A partner reads a seller's disputes with READ_SELLER_DISPUTE and acts on them with UPDATE_SELLER_DISPUTE. */
const read = { partnerFeatures: ['READ_SELLER_DISPUTE'] } as const;
const update = { partnerFeatures: ['UPDATE_SELLER_DISPUTE'] } as const;

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
      ...read,
      handle: ({ query, ctx }) => ({ status: 200, body: disputes.list(query, ctx) }),
    }),
    defineRoute(API.show, {
      ...read,
      handle: ({ params, ctx }) => ({ status: 200, resource: disputes.get(params.id, ctx) }),
    }),
    defineRoute(API.document, {
      ...read,
      // The document in its own type; an error (or a client that only takes JSON) in JSON.
      produces: [...DOCUMENT_RULES.types, 'application/octet-stream', ...JSON_MEDIA_TYPES],
      handle: ({ params, ctx }) => {
        const document = disputes.document(params.id, params.document_id, ctx);
        return {
          status: 200,
          body: document.data,
          headers: {
            'content-type': document.contentType,
            'content-disposition': attachment(document.name),
            'x-content-type-options': 'nosniff',
          },
        };
      },
    }),
    defineRoute(API.update, {
      ...update,
      handle: ({ params, body, ctx }) => {
        disputes.update(params.id, body, ctx);
        return { status: 204 };
      },
    }),
    defineRoute(API.acceptClaim, {
      ...update,
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.acceptClaim(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.provideEvidence, {
      ...update,
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.provideEvidence(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.appeal, {
      ...update,
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.appeal(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.makeOffer, {
      ...update,
      handle: ({ params, body, ctx }) => subsequentAction(actions.makeOffer(params.id, body, ctx), ctx),
    }),
    defineRoute(API.sendMessage, {
      ...update,
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.sendMessage(params.id, body, uploads, ctx), ctx),
    }),
    defineRoute(API.escalate, {
      ...update,
      handle: ({ params, body, ctx }) => subsequentAction(actions.escalate(params.id, body, ctx), ctx),
    }),
    defineRoute(API.acknowledgeReturnItem, {
      ...update,
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.acknowledgeReturnItem(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.provideSupportingInfo, {
      ...update,
      ...withDocuments,
      handle: ({ params, body, uploads, ctx }) =>
        subsequentAction(actions.provideSupportingInfo(params.id, body ?? {}, uploads, ctx), ctx),
    }),
    defineRoute(API.acceptOffer, {
      ...update,
      handle: ({ params, body, ctx }) =>
        subsequentAction(actions.acceptOffer(params.id, body ?? {}, ctx), ctx),
    }),
    defineRoute(API.denyOffer, {
      ...update,
      handle: ({ params, body, ctx }) => subsequentAction(actions.denyOffer(params.id, body, ctx), ctx),
    }),
    defineRoute(API.requireEvidence, {
      ...update,
      handle: ({ params, body, ctx }) => subsequentAction(actions.requireEvidence(params.id, body, ctx), ctx),
    }),
    defineRoute(API.adjudicate, {
      ...update,
      handle: ({ params, body, ctx }) => subsequentAction(actions.adjudicate(params.id, body, ctx), ctx),
    }),
    defineRoute(API.open, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, ctx }) => ({ status: 201, resource: lifecycle.open(body, ctx) }),
    }),
  ];
}
