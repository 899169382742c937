import { z } from 'zod';
import { CurrencyCodeSchema, requestIdHeader } from '../common.js';
import { LenientMoneyValueSchema } from '../lenient.js';

/** Payouts (spec 2.12, 4.10, part 8): request schemas, limits and the shapes both sides share. */

export const PAYOUT_LIMITS = {
  /** Items per batch (spec part 8). */
  maxItems: 15_000,
  /** `Svc-Request-Id` length (spec part 8). */
  requestIdMax: 1000,
  senderBatchId: 256,
  emailSubject: 255,
  emailMessage: 1000,
  headerNote: 1000,
  itemNote: 4000,
  receiver: 127,
  senderItemId: 63,
  /** `GET /v1/payments/payouts/{id}`: id 1..1000, fields 1..1000 (spec 4.10). */
  batchIdMax: 1000,
  fieldsMax: 1000,
  /** `GET /v1/payments/payouts-item/{id}`: 1..32 characters. */
  itemIdMax: 32,
  maxPage: 1000,
  maxPageSize: 1000,
  /** The page size when `page_size` is absent or 0. */
  defaultPageSize: 1000,
} as const;

/** Spec 2.12 names EMAIL, PHONE and SVC_ID (the platform's own account id, its brand written SVC). */
export const RECIPIENT_TYPES = ['EMAIL', 'PHONE', 'SVC_ID'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** The platform's `purpose` values (spec 2.12 knows GOODS). */
export const PAYOUT_PURPOSES = [
  'AWARDS',
  'PRIZES',
  'DONATIONS',
  'GOODS',
  'SERVICES',
  'REBATES',
  'CASHBACK',
  'DISCOUNTS',
  'NON_GOODS_OR_SERVICES',
] as const;

/** Money v1 (spec 2.1): `currency` and `value`. */
export const MoneyV1Schema = z.object({ currency: CurrencyCodeSchema, value: LenientMoneyValueSchema });
export type MoneyV1 = z.infer<typeof MoneyV1Schema>;

export const PayoutPhoneSchema = z.object({
  country_code: z.string().regex(/^\d{1,3}$/, 'Expected 1 to 3 digits.'),
  national_number: z.string().regex(/^\d{1,14}$/, 'Expected 1 to 14 digits.'),
  extension_number: z
    .string()
    .regex(/^\d{1,15}$/, 'Expected 1 to 15 digits.')
    .optional(),
});

export const SenderBatchHeaderSchema = z.object({
  sender_batch_id: z.string().max(PAYOUT_LIMITS.senderBatchId).optional(),
  /** The items' recipient type when an item gives none. */
  recipient_type: z.enum(RECIPIENT_TYPES).optional(),
  email_subject: z.string().max(PAYOUT_LIMITS.emailSubject).optional(),
  email_message: z.string().max(PAYOUT_LIMITS.emailMessage).optional(),
  note: z.string().max(PAYOUT_LIMITS.headerNote).optional(),
});

export const PayoutItemSchema = z.object({
  recipient_type: z.enum(RECIPIENT_TYPES).optional(),
  amount: MoneyV1Schema,
  note: z.string().max(PAYOUT_LIMITS.itemNote).optional(),
  receiver: z.string().min(1).max(PAYOUT_LIMITS.receiver),
  sender_item_id: z.string().max(PAYOUT_LIMITS.senderItemId).optional(),
  alternate_notification_method: z.object({ phone: PayoutPhoneSchema.optional() }).optional(),
  notification_language: z
    .string()
    .regex(/^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-[A-Z]{2})?$/, 'Expected a language tag such as fr-FR.')
    .optional(),
  purpose: z.enum(PAYOUT_PURPOSES).optional(),
});

export const CreatePayoutSchema = z.object({
  sender_batch_header: SenderBatchHeaderSchema,
  items: z.array(PayoutItemSchema).min(1).max(PAYOUT_LIMITS.maxItems),
});

/** Spec 4.10: payout requests accept no build-notation code (`Svc-Partner-Attribution-Id`). */
export const PayoutCreateHeaders = z.object({
  'svc-request-id': requestIdHeader(PAYOUT_LIMITS.requestIdMax),
  'svc-partner-attribution-id': z
    .string()
    .refine(() => false, {
      message:
        'Payouts accept no build-notation (BN) code: send the request without Svc-Partner-Attribution-Id.',
      params: { issue: 'BUILD_NOTATION_NOT_ACCEPTED' },
    })
    .optional(),
});

export const PayoutBatchParams = z.object({ id: z.string().min(1).max(PAYOUT_LIMITS.batchIdMax) });
export const PayoutItemParams = z.object({ id: z.string().min(1).max(PAYOUT_LIMITS.itemIdMax) });

/** The members of a batch `fields` may select (`links` always comes). */
export const BATCH_FIELDS = ['batch_header', 'items'] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];

const pageNumber = z
  .string()
  .regex(/^(\d{1,3}|1000)$/, `Expected an integer from 0 to ${PAYOUT_LIMITS.maxPage}.`);

export const PayoutBatchQuery = z.object({
  fields: z
    .string()
    .min(1)
    .max(PAYOUT_LIMITS.fieldsMax)
    .refine(
      (value) => value.split(',').every((f) => (BATCH_FIELDS as readonly string[]).includes(f.trim())),
      {
        message: `Expected a comma list of ${BATCH_FIELDS.join(', ')}.`,
      },
    )
    .optional(),
  page: pageNumber.optional(),
  page_size: pageNumber.optional(),
  total_required: z
    .string()
    .regex(/^(true|false)$/i, 'Expected true or false.')
    .optional(),
});

/** The cancel call takes any body (spec 4.10) and ignores it. */
export const CancelItemBody = z.unknown();

/** The sandbox helper that funds the merchant's balance for payouts (a bank deposit, T0300). */
export const FundBalanceSchema = z.object({ amount: MoneyV1Schema });

export type CreatePayoutRequest = z.infer<typeof CreatePayoutSchema>;
export type PayoutItemInput = z.infer<typeof PayoutItemSchema>;
export type SenderBatchHeader = z.infer<typeof SenderBatchHeaderSchema>;
export type PayoutBatchQueryInput = z.infer<typeof PayoutBatchQuery>;
