import { z } from 'zod';
import { EmailSchema, PatchRequestSchema, UrlSchema } from '../common.js';
import { MoneyV1Schema } from '../payouts/schemas.js';
import { DateTimeSchema } from '../subscriptions/schemas.js';
import { anyCase, numberAsString, paymentMethod } from '../lenient.js';

/** Billing plans and agreements v1 (spec 2.8, 2.9, 4.8; deprecated): request schemas. */

export const LEGACY_LIMITS = {
  planName: 128,
  planDescription: 127,
  agreementName: 128,
  agreementDescription: 128,
  type: 20,
  maxPageSize: 20,
  defaultPageSize: 10,
  maxPage: 1000,
} as const;

export const LEGACY_FREQUENCIES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;

const wholeNumber = (max: number) =>
  numberAsString(
    z
      .string()
      .regex(/^\d{1,6}$/, 'Expected a whole number as a string.')
      .refine((v) => Number(v) <= max, `Expected at most ${max}.`),
  );

export const ChargeModelSchema = z.object({
  type: anyCase(['TAX', 'SHIPPING']),
  amount: MoneyV1Schema,
});

export const PaymentDefinitionSchema = z.object({
  name: z.string().min(1).max(128),
  type: anyCase(['TRIAL', 'REGULAR']),
  /** Known values WEEK and MONTH (spec 2.8); DAY and YEAR as the platform takes them too. */
  frequency: anyCase(LEGACY_FREQUENCIES),
  frequency_interval: wholeNumber(365),
  amount: MoneyV1Schema,
  cycles: wholeNumber(999),
  charge_models: z.array(ChargeModelSchema).max(2).optional(),
});

export const MerchantPreferencesSchema = z.object({
  setup_fee: MoneyV1Schema.optional(),
  max_fail_attempts: wholeNumber(99).optional(),
  return_url: UrlSchema.optional(),
  cancel_url: UrlSchema.optional(),
  auto_bill_amount: anyCase(['YES', 'NO']).optional(),
  initial_fail_amount_action: anyCase(['CONTINUE', 'CANCEL']).optional(),
});

/** Spec 2.8: the description is single-byte alphanumeric text (printable ASCII). */
export const LegacyPlanCreateSchema = z.object({
  name: z.string().min(1).max(LEGACY_LIMITS.planName),
  description: z
    .string()
    .min(1)
    .max(LEGACY_LIMITS.planDescription)
    .regex(/^[\x20-\x7E]+$/, 'Expected single-byte characters.'),
  type: anyCase(['FIXED', 'INFINITE']),
  payment_definitions: z.array(PaymentDefinitionSchema).min(1).max(2),
  merchant_preferences: MerchantPreferencesSchema.optional(),
});

export const LegacyPlanParams = z.object({ plan_id: z.string().min(3).max(50) });

export const LegacyPlanListQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,4}$/, 'Expected a page number from 0.')
    .optional(),
  page_size: z
    .string()
    .regex(/^([1-9]|1\d|20)$/, 'Expected 1 to 20.')
    .optional(),
  status: z.enum(['CREATED', 'ACTIVE', 'INACTIVE', 'ALL']).optional(),
  total_required: z.enum(['yes', 'no']).optional(),
});

export const LegacyPlanPatchSchema = PatchRequestSchema;

export const AgreementCreateSchema = z.object({
  name: z.string().min(1).max(LEGACY_LIMITS.agreementName),
  description: z.string().min(1).max(LEGACY_LIMITS.agreementDescription),
  start_date: DateTimeSchema,
  agreement_details: z.object({}).passthrough().optional(),
  payer: z.object({
    payment_method: paymentMethod(['svc']),
    payer_info: z.object({ email: EmailSchema.optional() }).passthrough().optional(),
  }),
  override_merchant_preferences: MerchantPreferencesSchema.optional(),
  override_charge_models: z
    .array(z.object({ charge_id: z.string().min(1).max(64), amount: MoneyV1Schema }))
    .max(2)
    .optional(),
  plan: z.object({ id: z.string().min(3).max(50) }),
  shipping_address: z
    .object({
      line1: z.string().min(1).max(100),
      line2: z.string().max(100).optional(),
      city: z.string().min(1).max(64),
      state: z.string().max(40).optional(),
      postal_code: z.string().max(20).optional(),
      country_code: z.string().regex(/^[A-Z]{2}$/),
      recipient_name: z.string().max(127).optional(),
    })
    .optional(),
  /** Spec 2.9: unsupported; refused when present. */
  payee: z.unknown().optional(),
});

export const AgreementTokenParams = z.object({ payment_token: z.string().min(3).max(50) });
export const AgreementParams = z.object({ agreement_id: z.string().min(3).max(50) });
export const ExecuteBody = z.object({}).passthrough();

export type LegacyPlanCreateRequest = z.infer<typeof LegacyPlanCreateSchema>;
export type AgreementCreateRequest = z.infer<typeof AgreementCreateSchema>;
export type MerchantPreferencesInput = z.infer<typeof MerchantPreferencesSchema>;
