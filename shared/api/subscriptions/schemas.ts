import { z } from 'zod';
import {
  AddressV2Schema,
  EmailSchema,
  LOCALE_PATTERN,
  MoneySchema,
  PatchRequestSchema,
  preferHeader,
  requestIdHeader,
  UrlSchema,
} from '../common.js';
import { CardExpirySchema } from '../card.js';
import { PRODUCT_ID_PATTERN, booleanQuery, integerIn } from '../catalog-products/schemas.js';

/**
 * Subscription plans and subscriptions (spec 2.10, 4.9, part 8), as the
 * platform's Subscriptions API v1 takes them.
 */

export const PLAN_LIMITS = {
  name: 127,
  description: 127,
  /** Spec 2.10 and part 8. */
  minCycles: 1,
  maxCycles: 12,
  maxTrialCycles: 2,
  maxRegularCycles: 1,
  maxSequence: 99,
  maxTotalCycles: 999,
  maxFailureThreshold: 999,
  maxPageSize: 20,
  defaultPageSize: 10,
  maxPage: 100_000,
  productIdMin: 6,
  productIdMax: 50,
  requestIdMax: 108,
  /** How long a plan create's `Svc-Request-Id` is kept (spec part 8). */
  requestIdRetentionHours: 72,
} as const;

/** How many of each interval unit one cycle may span (the platform's limits). */
export const MAX_INTERVAL_COUNT = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 } as const;
export const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export const TENURE_TYPES = ['TRIAL', 'REGULAR'] as const;
export type TenureType = (typeof TENURE_TYPES)[number];

/** A plan id: `P-` and 24 capital letters and digits (`P-5ML4271244454362WXNWU5NQ`). */
export const PLAN_ID_PATTERN = /^P-[A-Z0-9]{24}$/;
/** A subscription id: `I-` and 12 capital letters and digits (`I-BW452GLLEP1G`). */
export const SUBSCRIPTION_ID_PATTERN = /^I-[A-Z0-9]{12}$/;

/** A date-time in RFC 3339 form (`2026-05-15T12:00:00Z`, an offset or fractions allowed). */
export const DateTimeSchema = z
  .string()
  .max(64)
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i,
    'Expected an RFC 3339 date-time such as 2026-05-15T12:00:00Z.',
  )
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Expected a valid date-time.');

export const FrequencySchema = z.object({
  interval_unit: z.enum(INTERVAL_UNITS),
  interval_count: z.number().int().min(1).max(365).optional(),
});

export const PricingSchemeSchema = z.object({ fixed_price: MoneySchema.optional() });

export const BillingCycleSchema = z.object({
  frequency: FrequencySchema,
  tenure_type: z.enum(TENURE_TYPES),
  sequence: z.number().int().min(1).max(PLAN_LIMITS.maxSequence),
  /** 0 means infinite (a regular cycle only); default 1. */
  total_cycles: z.number().int().min(0).max(PLAN_LIMITS.maxTotalCycles).optional(),
  pricing_scheme: PricingSchemeSchema.optional(),
});

export const SETUP_FEE_FAILURE_ACTIONS = ['CONTINUE', 'CANCEL'] as const;

export const PaymentPreferencesSchema = z.object({
  auto_bill_outstanding: z.boolean().optional(),
  setup_fee: MoneySchema.optional(),
  setup_fee_failure_action: z.enum(SETUP_FEE_FAILURE_ACTIONS).optional(),
  payment_failure_threshold: z.number().int().min(0).max(PLAN_LIMITS.maxFailureThreshold).optional(),
});

/** A tax rate in percent, 0 to 100, up to three decimals (`8.25`). */
export const TaxPercentageSchema = z
  .string()
  .regex(/^(100(\.0{1,3})?|\d{1,2}(\.\d{1,3})?)$/, 'Expected a percentage from 0 to 100, such as 8.25.');

export const TaxesSchema = z.object({
  percentage: TaxPercentageSchema,
  inclusive: z.boolean().optional(),
});

export const PLAN_INPUT_STATUSES = ['CREATED', 'ACTIVE'] as const;

export const PlanCreateSchema = z.object({
  product_id: z
    .string()
    .length(22)
    .regex(PRODUCT_ID_PATTERN, 'Expected a product id: PROD- and 17 capital letters or digits.'),
  name: z.string().min(1).max(PLAN_LIMITS.name),
  status: z.enum(PLAN_INPUT_STATUSES).optional(),
  description: z.string().min(1).max(PLAN_LIMITS.description).optional(),
  billing_cycles: z.array(BillingCycleSchema).min(PLAN_LIMITS.minCycles).max(PLAN_LIMITS.maxCycles),
  quantity_supported: z.boolean().optional(),
  payment_preferences: PaymentPreferencesSchema,
  taxes: TaxesSchema.optional(),
});

export const WriteHeaders = z.object({
  'svc-request-id': requestIdHeader(PLAN_LIMITS.requestIdMax),
  prefer: preferHeader,
});

export const PlanParams = z.object({ id: z.string().min(3).max(50) });

export const PlanListQuery = z.object({
  product_id: z.string().min(PLAN_LIMITS.productIdMin).max(PLAN_LIMITS.productIdMax).optional(),
  plan_ids: z.string().min(3).max(270).optional(),
  page_size: integerIn(1, PLAN_LIMITS.maxPageSize).optional(),
  page: integerIn(1, PLAN_LIMITS.maxPage).optional(),
  total_required: booleanQuery,
});

export const PlanListHeaders = z.object({ prefer: preferHeader });

export const PlanPatchSchema = PatchRequestSchema;

/** The plan members PATCH may change (the platform's list). */
export const PLAN_PATCHABLE = [
  '/description',
  '/name',
  '/payment_preferences/auto_bill_outstanding',
  '/payment_preferences/payment_failure_threshold',
  '/payment_preferences/setup_fee',
  '/payment_preferences/setup_fee_failure_action',
  '/taxes/percentage',
] as const;

export const UpdatePricingSchemesSchema = z.object({
  pricing_schemes: z
    .array(
      z.object({
        billing_cycle_sequence: z.number().int().min(1).max(PLAN_LIMITS.maxSequence),
        pricing_scheme: z.object({ fixed_price: MoneySchema }),
      }),
    )
    .min(1)
    .max(PLAN_LIMITS.maxCycles),
});

/** Bodies the platform ignores (activate, deactivate). */
export const EmptyBody = z.unknown();

// ---- subscriptions ------------------------------------------------------------------------------

export const SUBSCRIPTION_LIMITS = {
  customId: 127,
  reason: 128,
  note: 128,
  brandName: 127,
} as const;

export const NameSchema = z.object({
  given_name: z.string().min(1).max(140).optional(),
  surname: z.string().min(1).max(140).optional(),
});

export const ShippingAddressSchema = z.object({
  name: z.object({ full_name: z.string().min(1).max(300) }).optional(),
  address: AddressV2Schema.optional(),
});

export const CardSourceSchema = z.object({
  number: z.string().regex(/^\d{13,19}$/, 'Expected 13 to 19 digits.'),
  expiry: CardExpirySchema,
  name: z.string().min(1).max(300).optional(),
  security_code: z
    .string()
    .regex(/^\d{3,4}$/, 'Expected 3 or 4 digits.')
    .optional(),
});

export const SubscriberSchema = z.object({
  name: NameSchema.optional(),
  email_address: EmailSchema.optional(),
  payer_id: z
    .string()
    .regex(/^[A-HJ-NP-Z2-9]{13}$/, 'Expected a 13-character payer id.')
    .optional(),
  shipping_address: ShippingAddressSchema.optional(),
  payment_source: z.object({ card: CardSourceSchema }).optional(),
});

/** 1 to 9,999 (the platform takes a string; totals stay exact in the ledger's 64-bit integers). */
export const QuantitySchema = z.string().regex(/^[1-9]\d{0,3}$/, 'Expected a whole number from 1 to 9999.');

export const ApplicationContextSchema = z.object({
  brand_name: z.string().min(1).max(SUBSCRIPTION_LIMITS.brandName).optional(),
  locale: z.string().regex(LOCALE_PATTERN, 'Expected a locale such as en-US.').optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
  user_action: z.enum(['CONTINUE', 'SUBSCRIBE_NOW']).optional(),
  return_url: UrlSchema.optional(),
  cancel_url: UrlSchema.optional(),
});

export const SubscriptionCreateSchema = z.object({
  plan_id: z.string().min(3).max(50),
  start_time: DateTimeSchema.optional(),
  quantity: QuantitySchema.optional(),
  shipping_amount: MoneySchema.optional(),
  subscriber: SubscriberSchema.optional(),
  auto_renewal: z.boolean().optional(),
  custom_id: z.string().min(1).max(SUBSCRIPTION_LIMITS.customId).optional(),
  application_context: ApplicationContextSchema.optional(),
});

export const SubscriptionParams = z.object({ id: z.string().min(3).max(50) });

export const SUBSCRIPTION_SHOW_FIELDS = ['last_failed_payment', 'plan'] as const;

export const SubscriptionShowQuery = z.object({
  fields: z
    .string()
    .min(1)
    .max(100)
    .refine(
      (value) =>
        value.split(',').every((f) => (SUBSCRIPTION_SHOW_FIELDS as readonly string[]).includes(f.trim())),
      { message: `Expected a comma list of ${SUBSCRIPTION_SHOW_FIELDS.join(', ')}.` },
    )
    .optional(),
});

export const SubscriptionPatchSchema = PatchRequestSchema;

/**
 * The subscription members PATCH may change: the platform's list without its plan overrides (change the
 * plan itself, or revise the subscription onto another plan).
 */
export const SUBSCRIPTION_PATCHABLE = [
  '/billing_info/outstanding_balance',
  '/custom_id',
  '/shipping_amount',
  '/start_time',
  '/subscriber/shipping_address',
] as const;

export const ReviseSchema = z.object({
  plan_id: z.string().min(3).max(50).optional(),
  quantity: QuantitySchema.optional(),
  shipping_amount: MoneySchema.optional(),
  shipping_address: ShippingAddressSchema.optional(),
  application_context: ApplicationContextSchema.optional(),
});

/** Suspend and cancel need a reason; activate takes one optionally. */
export const ReasonSchema = z.object({ reason: z.string().min(1).max(SUBSCRIPTION_LIMITS.reason) });
export const OptionalReasonSchema = z.object({
  reason: z.string().min(1).max(SUBSCRIPTION_LIMITS.reason).optional(),
});

export const CaptureSchema = z.object({
  note: z.string().min(1).max(SUBSCRIPTION_LIMITS.note),
  capture_type: z.enum(['OUTSTANDING_BALANCE']),
  amount: MoneySchema,
});

export const TransactionsQuery = z.object({
  start_time: DateTimeSchema,
  end_time: DateTimeSchema,
});

// ---- sandbox helpers ----------------------------------------------------------------------------

export const FUNDING_CHOICES = ['WALLET', 'CARD'] as const;
export type FundingChoice = (typeof FUNDING_CHOICES)[number];

/** Approve as a sandbox buyer without the page: who, and what they pay with. */
export const ApproveAsBuyerSchema = z.object({
  buyer_email: EmailSchema.optional(),
  funding: z.enum(FUNDING_CHOICES).optional(),
});

/** The reasons a payment fails (`last_failed_payment.reason_code`, the platform's values). */
export const PAYMENT_FAILURE_REASONS = [
  'PAYMENT_DENIED',
  'INTERNAL_SERVER_ERROR',
  'PAYEE_ACCOUNT_RESTRICTED',
  'PAYER_ACCOUNT_RESTRICTED',
  'PAYER_CANNOT_PAY',
  'SENDING_LIMIT_EXCEEDED',
  'TRANSACTION_RECEIVING_LIMIT_EXCEEDED',
  'CURRENCY_MISMATCH',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export const FailNextPaymentSchema = z.object({
  reason_code: z.enum(PAYMENT_FAILURE_REASONS).optional(),
  /** How many attempts in a row fail (a cycle and its retries); default 1. */
  count: z.number().int().min(1).max(100).optional(),
});

/** Sets a sandbox buyer's wallet balance of one currency and whether their cards decline. */
export const PayerFundingSchema = z.object({
  email_address: EmailSchema,
  wallet_balance: MoneySchema.optional(),
  card_declines: z.boolean().optional(),
});

export const SaleParams = z.object({ id: z.string().regex(/^[A-Z0-9]{17}$/, 'Expected a sale id.') });

export type PlanCreateRequest = z.infer<typeof PlanCreateSchema>;
export type BillingCycleInput = z.infer<typeof BillingCycleSchema>;
export type PaymentPreferencesInput = z.infer<typeof PaymentPreferencesSchema>;
export type TaxesInput = z.infer<typeof TaxesSchema>;
export type PlanListQueryInput = z.infer<typeof PlanListQuery>;
export type UpdatePricingSchemesRequest = z.infer<typeof UpdatePricingSchemesSchema>;
export type SubscriptionCreateRequest = z.infer<typeof SubscriptionCreateSchema>;
export type ReviseRequest = z.infer<typeof ReviseSchema>;
export type CaptureRequest = z.infer<typeof CaptureSchema>;
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;
