import { z } from 'zod';
import { UrlSchema } from '../common.js';
import { ItemSchema } from '../orders-v2/schemas.js';
import { TRACKER_STATUSES } from './machines.js';
import { isCalendarDate, trackingNumberProblem } from './tracking-number.js';

/** Shipment tracking (spec 2.16, 4.12, part 8) and tracking through orders v2: request schemas. */

export const TRACKER_LIMITS = {
  /** 1..20 trackers per call (spec part 8). */
  maxTrackersPerCall: 20,
  /** At most 5 updates per tracker (spec part 8). */
  maxUpdates: 5,
  /** A tracker id is 1..100 characters (spec 2.16). */
  maxIdLength: 100,
} as const;

export const TransactionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,50}$/, 'Expected 1 to 50 letters and digits.');

export const TrackingNumberSchema = z
  .string()
  .min(1)
  .max(64)
  .superRefine((value, ctx) => {
    const problem = trackingNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const CarrierSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Z_]+$/, 'Expected a carrier code: capital letters, digits and underscores (or OTHER).');

/** A 13-character account id: letters and digits without 0, 1, I, O (spec 4.12). */
export const TrackerAccountIdSchema = z
  .string()
  .regex(/^[A-HJ-NP-Z2-9]{13}$/, 'Expected 13 capital letters and digits without 0, 1, I or O.');

const ShipmentDateSchema = z.string().length(10).refine(isCalendarDate, 'Expected a date: YYYY-MM-DD.');

/** The fields of one tracker (spec 2.16) without the cross-field rules. */
const TrackerFields = z.object({
  transaction_id: TransactionIdSchema,
  tracking_number: TrackingNumberSchema.optional(),
  status: z.enum(TRACKER_STATUSES),
  carrier: CarrierSchema.optional(),
  carrier_name_other: z.string().min(1).max(64).optional(),
  notify_buyer: z.boolean().optional(),
  shipment_direction: z.enum(['FORWARD', 'RETURN']).optional(),
  tracking_url: z.string().min(1).max(250).pipe(UrlSchema).optional(),
  fulfillment_provider: z.string().min(1).max(64).optional(),
  tracking_number_type: z.enum(['CARRIER_PROVIDED', 'E2E_PARTNER_PROVIDED']).optional(),
  shipment_date: ShipmentDateSchema.optional(),
  account_id: TrackerAccountIdSchema.optional(),
});

type CarrierFields = {
  tracking_number?: string | undefined;
  carrier?: string | undefined;
  carrier_name_other?: string | undefined;
};

/** One broken rule between fields: which field, why, and whether it is a missing one. */
export interface CarrierProblem {
  field: 'carrier' | 'carrier_name_other';
  message: string;
  missing: boolean;
}

/**
 * The rules between fields of a whole tracker: a tracking number needs its carrier; carrier_name_other
 * goes with carrier OTHER only, and OTHER needs it.
 */
export function carrierProblems(value: CarrierFields): CarrierProblem[] {
  const problems: CarrierProblem[] = [];
  if (value.tracking_number !== undefined && value.carrier === undefined)
    problems.push({ field: 'carrier', message: 'A tracking number requires its carrier.', missing: true });
  if (value.carrier_name_other !== undefined && value.carrier !== 'OTHER')
    problems.push({
      field: 'carrier_name_other',
      message: 'carrier_name_other is given only when carrier is OTHER.',
      missing: false,
    });
  if (value.carrier === 'OTHER' && value.carrier_name_other === undefined)
    problems.push({
      field: 'carrier_name_other',
      message: 'With carrier OTHER, carrier_name_other names the carrier.',
      missing: true,
    });
  return problems;
}

function carrierRules(value: CarrierFields, ctx: z.RefinementCtx): void {
  for (const problem of carrierProblems(value))
    ctx.addIssue({
      code: 'custom',
      path: [problem.field],
      message: problem.message,
      ...(problem.missing ? { params: { issue: 'MISSING_REQUIRED_PARAMETER' } } : {}),
    });
}

/** A tracker to add: its id is made of the transaction id and the tracking number, so both are needed. */
export const TrackerCreateSchema = TrackerFields.extend({
  tracking_number: TrackingNumberSchema,
}).superRefine(carrierRules);

/**
 * A PUT: `transaction_id` and `status` required (spec 4.12); the other fields given replace theirs, so
 * the carrier rules are checked on the tracker that results (the stored carrier counts).
 */
export const TrackerUpdateSchema = TrackerFields;

export const TrackersBatchSchema = z.object({
  trackers: z.array(TrackerCreateSchema).min(1).max(TRACKER_LIMITS.maxTrackersPerCall),
});

export const TrackerIdSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{1,100}$/,
    'Expected <transaction_id>-<tracking_number>: 1 to 100 letters, digits, hyphens, underscores.',
  );

export const TrackerIdParams = z.object({ id: TrackerIdSchema });

export const TrackerListQuery = z.object({
  transaction_id: TransactionIdSchema,
  tracking_number: TrackingNumberSchema.optional(),
  account_id: TrackerAccountIdSchema.optional(),
});

/** An item of a shipment on an order (`items` of the track call). */
export const TrackerItemSchema = ItemSchema.pick({
  name: true,
  quantity: true,
  sku: true,
  url: true,
  image_url: true,
  upc: true,
}).partial({ name: true, quantity: true });

/** `POST /v2/checkout/orders/{id}/track`: tracking through orders v2 (the batch call's replacement). */
export const OrderTrackSchema = z
  .object({
    capture_id: TransactionIdSchema,
    tracking_number: TrackingNumberSchema,
    carrier: CarrierSchema,
    carrier_name_other: z.string().min(1).max(64).optional(),
    notify_payer: z.boolean().optional(),
    items: z.array(TrackerItemSchema).max(100).optional(),
  })
  .superRefine(carrierRules);

export const OrderTrackerParams = z.object({
  id: z.string().regex(/^[A-Z0-9]{1,36}$/, 'Expected 1 to 36 capital letters and digits.'),
  tracker_id: TrackerIdSchema,
});

export type TrackerCreateRequest = z.infer<typeof TrackerCreateSchema>;
export type TrackerUpdateRequest = z.infer<typeof TrackerUpdateSchema>;
export type OrderTrackRequest = z.infer<typeof OrderTrackSchema>;
export type TrackerItem = z.infer<typeof TrackerItemSchema>;
