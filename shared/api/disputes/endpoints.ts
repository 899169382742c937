import type { ZodType } from 'zod';
import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import { AssertionHeaders } from '../orders-v2/endpoints.js';
import {
  AcceptClaimSchema,
  AcceptOfferSchema,
  AcknowledgeReturnItemSchema,
  AdjudicateSchema,
  DenyOfferSchema,
  DisputeDocumentParams,
  DisputeIdParams,
  DisputeListQuery,
  DisputePatchSchema,
  EscalateSchema,
  MakeOfferSchema,
  OpenDisputeSchema,
  ProvideEvidenceSchema,
  ProvideSupportingInfoSchema,
  RequireEvidenceSchema,
  SendMessageSchema,
} from './schemas.js';

const TAG = 'Customer Disputes v1';
const BASE = '/v1/customer/disputes';
const ACTION_RESPONSES = {
  200: 'subsequent_action: the link to the dispute',
  404: 'No such dispute',
  422: 'The dispute does not allow the action now (ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE)',
};

/** One action on a dispute: `POST /v1/customer/disputes/{id}/<action>`. */
function action<B extends ZodType>(
  name: string,
  summary: string,
  body: B,
  options: { scope?: string; bodyOptional?: boolean; example?: unknown } = {},
) {
  return defineEndpoint({
    method: 'POST',
    path: `${BASE}/:id/${name}`,
    operationId: `disputes.${name}`,
    summary,
    tag: TAG,
    scope: options.scope ?? SCOPES.disputesUpdate,
    params: DisputeIdParams,
    headers: AssertionHeaders,
    body,
    ...(options.bodyOptional ? { bodyOptional: true } : {}),
    responses: ACTION_RESPONSES,
    ...(options.example !== undefined ? { example: options.example } : {}),
  });
}

/** Customer Disputes v1: list, show, update and the parties' actions, plus the sandbox's own. */
export const DISPUTES_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: BASE,
    operationId: 'disputes.list',
    summary:
      'List disputes (dispute_state, disputed_transaction_id, start_time, update_time_*, page_size, next_page_token)',
    tag: TAG,
    scope: SCOPES.disputesRead,
    query: DisputeListQuery,
    headers: AssertionHeaders,
    responses: { 200: 'dispute_search: items and links', 400: 'Invalid filter' },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'disputes.get',
    summary: 'Show dispute details',
    tag: TAG,
    scope: SCOPES.disputesRead,
    params: DisputeIdParams,
    headers: AssertionHeaders,
    responses: { 200: 'The dispute', 404: 'No such dispute' },
  }),
  document: defineEndpoint({
    method: 'GET',
    path: `${BASE}/:id/documents/:document_id`,
    operationId: 'disputes.documents.get',
    summary: "Download a document given with the dispute (a document's `url`): its bytes, as uploaded",
    tag: TAG,
    scope: SCOPES.disputesRead,
    params: DisputeDocumentParams,
    headers: AssertionHeaders,
    responses: { 200: 'The document (its own Content-Type)', 404: 'No such dispute or document' },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${BASE}/:id`,
    operationId: 'disputes.patch',
    summary: "Partially update dispute (the seller's communication_details)",
    tag: TAG,
    scope: SCOPES.disputesUpdate,
    params: DisputeIdParams,
    headers: AssertionHeaders,
    body: DisputePatchSchema,
    responses: { 204: 'Updated', 400: 'Malformed patch', 422: 'Path or operation not supported' },
    example: [
      {
        op: 'add',
        path: '/communication_details',
        value: { email: 'support@example.com', note: 'Reach us here' },
      },
    ],
  }),
  acceptClaim: action(
    'accept-claim',
    'Accept claim (refunds the buyer; REFUND, PARTIAL_REFUND or with return)',
    AcceptClaimSchema,
    {
      bodyOptional: true,
      example: { note: 'Full refund to the customer.', accept_claim_type: 'REFUND' },
    },
  ),
  provideEvidence: action(
    'provide-evidence',
    'Provide evidence (JSON, or multipart/form-data: an `input` part and `evidence-file` files)',
    ProvideEvidenceSchema,
    {
      bodyOptional: true,
      example: {
        evidences: [
          {
            evidence_type: 'PROOF_OF_FULFILLMENT',
            evidence_info: {
              tracking_info: [{ carrier_name: 'UPS', tracking_number: '1Z999AA10123456784' }],
            },
            notes: 'Delivered on time.',
          },
        ],
      },
    },
  ),
  appeal: action('appeal', 'Appeal dispute (with new evidence)', ProvideEvidenceSchema, {
    bodyOptional: true,
    example: { evidences: [{ evidence_type: 'OTHER', notes: 'The buyer signed for the parcel.' }] },
  }),
  makeOffer: action('make-offer', 'Make offer to resolve dispute (INQUIRY stage)', MakeOfferSchema, {
    example: {
      note: 'Partial refund for the trouble.',
      offer_amount: { currency_code: 'USD', value: '5.00' },
      offer_type: 'REFUND',
    },
  }),
  sendMessage: action(
    'send-message',
    'Send message about dispute to other party (INQUIRY stage)',
    SendMessageSchema,
    {
      example: { message: 'The parcel left our warehouse yesterday.' },
    },
  ),
  escalate: action('escalate', 'Escalate dispute to claim (INQUIRY stage)', EscalateSchema, {
    example: { note: 'We could not agree with the buyer.' },
  }),
  acknowledgeReturnItem: action(
    'acknowledge-return-item',
    'Acknowledge returned item (refunds the buyer when the item came back as expected)',
    AcknowledgeReturnItemSchema,
    { bodyOptional: true, example: { note: 'Item came back fine.', acknowledgement_type: 'ITEM_RECEIVED' } },
  ),
  provideSupportingInfo: action(
    'provide-supporting-info',
    'Provide supporting information (CHARGEBACK, PRE_ARBITRATION, ARBITRATION)',
    ProvideSupportingInfoSchema,
    { bodyOptional: true, example: { notes: 'Invoice attached.' } },
  ),
  acceptOffer: action(
    'accept-offer',
    "Accept offer to resolve dispute (the buyer's side)",
    AcceptOfferSchema,
    {
      scope: SCOPES.disputesUpdateBuyer,
      bodyOptional: true,
      example: { note: 'Thanks, that works.' },
    },
  ),
  denyOffer: action('deny-offer', "Deny offer to resolve dispute (the buyer's side)", DenyOfferSchema, {
    scope: SCOPES.disputesUpdateBuyer,
    example: { note: 'Not enough.' },
  }),
  requireEvidence: action(
    'require-evidence',
    'Require evidence (sandbox only: UNDER_REVIEW to a party)',
    RequireEvidenceSchema,
    {
      example: { action: 'SELLER_EVIDENCE' },
    },
  ),
  adjudicate: action('adjudicate', 'Settle dispute (sandbox only: UNDER_REVIEW)', AdjudicateSchema, {
    example: { adjudication_outcome: 'SELLER_FAVOR' },
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/disputes',
    operationId: 'test-helpers.disputes.open',
    summary: 'Open a dispute as the buyer of a capture (amount at most what remains of it)',
    tag: 'Sandbox test helpers',
    scope: SCOPES.testHelpers,
    body: OpenDisputeSchema,
    responses: { 201: 'The dispute', 422: 'Not disputable, or more than what remains' },
    example: {
      disputed_transaction_id: 'CAPTURE_ID',
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      amount: { currency_code: 'USD', value: '10.00' },
    },
  }),
};
