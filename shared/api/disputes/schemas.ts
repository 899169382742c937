import { z } from 'zod';
import { AddressV2Schema, EmailSchema, MoneySchema, PatchOperationSchema } from '../common.js';

/**
 * Customer Disputes v1: the request shapes of the platform's public specification (customer_disputes_v1),
 * with its lengths and patterns.
 */

export const DISPUTE_REASONS = [
  'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
  'UNAUTHORISED',
  'CREDIT_NOT_PROCESSED',
  'DUPLICATE_TRANSACTION',
  'INCORRECT_AMOUNT',
  'PAYMENT_BY_OTHER_MEANS',
  'CANCELED_RECURRING_BILLING',
  'PROBLEM_WITH_REMITTANCE',
  'OTHER',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATE_FILTERS = [
  'REQUIRED_ACTION',
  'REQUIRED_OTHER_PARTY_ACTION',
  'UNDER_PAYPAL_REVIEW',
  'RESOLVED',
  'OPEN_INQUIRIES',
  'APPEALABLE',
] as const;

export const OFFER_TYPES = [
  'REFUND',
  'REFUND_WITH_RETURN',
  'REFUND_WITH_REPLACEMENT',
  'REPLACEMENT_WITHOUT_REFUND',
] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const ACCEPT_CLAIM_TYPES = [
  'REFUND',
  'REFUND_WITH_RETURN',
  'PARTIAL_REFUND',
  'REFUND_WITH_RETURN_SHIPMENT_LABEL',
] as const;

export const ACKNOWLEDGEMENT_TYPES = [
  'ITEM_RECEIVED',
  'ITEM_NOT_RECEIVED',
  'DAMAGED',
  'EMPTY_PACKAGE_OR_DIFFERENT',
  'MISSING_ITEMS',
] as const;

/** The evidence types a seller gives most; the platform's list is longer and any of its names is taken. */
export const COMMON_EVIDENCE_TYPES = [
  'PROOF_OF_FULFILLMENT',
  'PROOF_OF_REFUND',
  'PROOF_OF_DELIVERY_SIGNATURE',
  'PROOF_OF_RECEIPT_COPY',
  'RETURN_POLICY',
  'ITEM_DESCRIPTION',
  'PROOF_OF_RETURN',
  'OTHER',
] as const;

/** RFC 3339 date-time as the platform's parameters write it (`2026-11-27T10:00:00.000Z`). */
const DATE_TIME_PATTERN =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])[Tt]([0-1][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/;
const dateTime = z.string().min(20).max(64).regex(DATE_TIME_PATTERN, 'Expected an RFC 3339 date-time.');
const note = z.string().min(1).max(2000);

export const DISPUTE_ID_PATTERN = /^[A-Za-z0-9-]+$/;
export const DisputeIdParams = z.object({
  id: z.string().min(1).max(255).regex(DISPUTE_ID_PATTERN, 'Expected letters, digits and hyphens.'),
});

/** A document given with a dispute action: the dispute and the document's own id. */
export const DisputeDocumentParams = DisputeIdParams.extend({
  document_id: z.string().min(1).max(64).regex(DISPUTE_ID_PATTERN, 'Expected letters, digits and hyphens.'),
});

export const DISPUTE_PAGE_SIZE = { default: 10, max: 50 } as const;

export const DisputeListQuery = z
  .object({
    start_time: dateTime.optional(),
    disputed_transaction_id: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[0-9A-Z_]+$/, 'Expected capital letters, digits and underscores.')
      .optional(),
    page_size: z
      .string()
      .regex(/^\d{1,3}$/, `Expected an integer from 1 to ${DISPUTE_PAGE_SIZE.max}.`)
      .refine(
        (v) => Number(v) >= 1 && Number(v) <= DISPUTE_PAGE_SIZE.max,
        `Expected an integer from 1 to ${DISPUTE_PAGE_SIZE.max}.`,
      )
      .optional(),
    next_page_token: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[A-Za-z0-9+/=]+$/, 'Expected a page token from a next link.')
      .optional(),
    dispute_state: z
      .string()
      .min(1)
      .max(2000)
      .regex(/^[0-9A-Z_,]+$/, 'Expected dispute states separated by commas.')
      .refine(
        (v) => v.split(',').every((s) => (DISPUTE_STATE_FILTERS as readonly string[]).includes(s)),
        `Expected one or more of ${DISPUTE_STATE_FILTERS.join(', ')}, separated by commas.`,
      )
      .optional(),
    update_time_before: dateTime.optional(),
    update_time_after: dateTime.optional(),
  })
  .refine((q) => !(q.start_time && q.disputed_transaction_id), {
    message: 'Give either start_time or disputed_transaction_id, not both.',
    path: ['disputed_transaction_id'],
  });

export const DisputePatchSchema = z.array(PatchOperationSchema).min(1).max(10);

/** What PATCH may change: the seller's contact for the dispute. */
export const CommunicationDetailsSchema = z.object({ email: EmailSchema, note: note.optional() }).strict();

export const MakeOfferSchema = z.object({
  note,
  offer_amount: MoneySchema.optional(),
  return_shipping_address: AddressV2Schema.optional(),
  invoice_id: z.string().min(1).max(127).optional(),
  offer_type: z.enum(OFFER_TYPES),
});

export const AcceptOfferSchema = z.object({ note: note.optional() });
export const DenyOfferSchema = z.object({ note });
export const EscalateSchema = z.object({
  note,
  buyer_escalation_reason: z.string().min(1).max(255).optional(),
});
export const AdjudicateSchema = z.object({ adjudication_outcome: z.enum(['BUYER_FAVOR', 'SELLER_FAVOR']) });
export const RequireEvidenceSchema = z.object({ action: z.enum(['BUYER_EVIDENCE', 'SELLER_EVIDENCE']) });

export const AcceptClaimSchema = z.object({
  note: note.optional(),
  accept_claim_reason: z
    .enum([
      'DID_NOT_SHIP_ITEM',
      'TOO_TIME_CONSUMING',
      'LOST_IN_MAIL',
      'NOT_ABLE_TO_WIN',
      'COMPANY_POLICY',
      'REASON_NOT_SET',
    ])
    .optional(),
  invoice_id: z.string().min(1).max(127).optional(),
  return_shipping_address: AddressV2Schema.optional(),
  accept_claim_type: z.enum(ACCEPT_CLAIM_TYPES).optional(),
  refund_amount: MoneySchema.optional(),
});

export const SendMessageSchema = z.object({ message: z.string().min(1).max(2000) });

export const AcknowledgeReturnItemSchema = z.object({
  note: note.optional(),
  acknowledgement_type: z.enum(ACKNOWLEDGEMENT_TYPES).optional(),
});

export const ProvideSupportingInfoSchema = z.object({ notes: note.optional() });

const TrackingInfoSchema = z.object({
  carrier_name: z.string().min(1).max(255),
  carrier_name_other: z.string().min(1).max(2000).optional(),
  tracking_url: z.string().min(1).max(2000).optional(),
  tracking_number: z.string().min(1).max(255),
});

export const EvidenceSchema = z.object({
  evidence_type: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[0-9A-Z_]+$/, 'Expected an evidence type.'),
  evidence_info: z
    .object({
      tracking_info: z.array(TrackingInfoSchema).max(10).optional(),
      refund_ids: z.array(z.string().min(1).max(255)).max(100).optional(),
    })
    .optional(),
  notes: note.optional(),
  item_id: z.string().min(1).max(255).optional(),
});

/** Evidence (the `input` part of provide-evidence, or its JSON body) and an appeal's new evidence. */
export const ProvideEvidenceSchema = z.object({
  evidences: z.array(EvidenceSchema).min(1).max(100).optional(),
});

/** The sandbox's way to open a dispute as the buyer of a capture. */
export const OpenDisputeSchema = z.object({
  disputed_transaction_id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[0-9A-Z_]+$/, 'Expected a capture id.'),
  reason: z.enum(DISPUTE_REASONS).optional(),
  amount: MoneySchema.optional(),
  message: z.string().min(1).max(2000).optional(),
});

export type DisputeListQueryInput = z.infer<typeof DisputeListQuery>;
export type MakeOfferRequest = z.infer<typeof MakeOfferSchema>;
export type AcceptClaimRequest = z.infer<typeof AcceptClaimSchema>;
export type EvidenceRequest = z.infer<typeof EvidenceSchema>;
export type OpenDisputeRequest = z.infer<typeof OpenDisputeSchema>;
export type AcknowledgeReturnItemRequest = z.infer<typeof AcknowledgeReturnItemSchema>;
