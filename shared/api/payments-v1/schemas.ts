import { z } from 'zod';
import { AddressV1Schema, CurrencyCodeSchema, EmailSchema, UrlSchema } from '../common.js';
import { preferHeader, requestIdHeader } from '../common.js';
import { CardNumberSchema, CardSecurityCodeSchema } from '../card.js';
import { V1_ID_PATTERN } from './ids.js';
import { LenientMoneyValueSchema, numberAsString, paymentMethod } from '../lenient.js';

/** Payments v1 (spec 2.6, 4.6): the request shapes, as zod schemas (they feed the OpenAPI document too). */

export const PAYMENT_V1_LIMITS = {
  note_to_payer: 165,
  soft_descriptor: 22,
  partner_attribution_id: 32,
  list_count: 20,
  list_default_count: 10,
  transactions: 10,
  items: 100,
} as const;

/** Money v1: `currency` and `total` (spec 2.1). */
export const AmountDetailsV1Schema = z.object({
  subtotal: LenientMoneyValueSchema.optional(),
  tax: LenientMoneyValueSchema.optional(),
  shipping: LenientMoneyValueSchema.optional(),
  handling_fee: LenientMoneyValueSchema.optional(),
  shipping_discount: LenientMoneyValueSchema.optional(),
  insurance: LenientMoneyValueSchema.optional(),
  gift_wrap: LenientMoneyValueSchema.optional(),
});

export const AmountV1Schema = z.object({
  total: LenientMoneyValueSchema,
  currency: CurrencyCodeSchema,
  details: AmountDetailsV1Schema.optional(),
});

/** Money v1 without details (a refund or a capture names only a total). */
export const TotalV1Schema = z.object({ total: LenientMoneyValueSchema, currency: CurrencyCodeSchema });

export const ItemV1Schema = z.object({
  name: z.string().min(1).max(127),
  description: z.string().max(127).optional(),
  quantity: numberAsString(
    z.string().regex(/^[1-9]\d{0,9}$/, 'Expected a positive whole number such as "1".'),
  ),
  price: LenientMoneyValueSchema,
  tax: LenientMoneyValueSchema.optional(),
  sku: z.string().max(127).optional(),
  currency: CurrencyCodeSchema,
});

export const ItemListV1Schema = z.object({
  items: z.array(ItemV1Schema).max(PAYMENT_V1_LIMITS.items).optional(),
  shipping_address: AddressV1Schema.optional(),
  shipping_method: z.string().max(50).optional(),
});

export const PayeeV1Schema = z.object({
  email: EmailSchema.optional(),
  merchant_id: z.string().min(1).max(20).optional(),
});

export const TransactionV1Schema = z.object({
  amount: AmountV1Schema,
  payee: PayeeV1Schema.optional(),
  description: z.string().max(127).optional(),
  note_to_payee: z.string().max(255).optional(),
  custom: z.string().max(255).optional(),
  invoice_number: z.string().max(127).optional(),
  soft_descriptor: z.string().max(PAYMENT_V1_LIMITS.soft_descriptor).optional(),
  payment_options: z
    .object({ allowed_payment_method: z.enum(['UNRESTRICTED', 'INSTANT_FUNDING_SOURCE', 'IMMEDIATE_PAY']) })
    .optional(),
  item_list: ItemListV1Schema.optional(),
  notify_url: UrlSchema.optional(),
});

const CARD_TYPES = ['visa', 'mastercard', 'discover', 'amex', 'maestro'] as const;

export const CreditCardV1Schema = z.object({
  type: z.enum(CARD_TYPES),
  number: CardNumberSchema,
  expire_month: z.coerce.number().int().min(1).max(12),
  expire_year: z.coerce.number().int().min(2000).max(2099),
  cvv2: CardSecurityCodeSchema.optional(),
  first_name: z.string().max(60).optional(),
  last_name: z.string().max(60).optional(),
  start_month: z.coerce.number().int().min(1).max(12).optional(),
  start_year: z.coerce.number().int().min(1990).max(2099).optional(),
  billing_address: AddressV1Schema.omit({ recipient_name: true }).optional(),
});

export const PayerInfoV1Schema = z.object({
  email: EmailSchema.optional(),
  first_name: z.string().max(64).optional(),
  last_name: z.string().max(64).optional(),
  payer_id: z.string().max(20).optional(),
  shipping_address: AddressV1Schema.optional(),
});

export const PayerV1Schema = z.object({
  payment_method: paymentMethod(['svc', 'credit_card']),
  status: z.enum(['VERIFIED', 'UNVERIFIED']).optional(),
  payer_info: PayerInfoV1Schema.optional(),
  funding_instruments: z
    .array(z.object({ credit_card: CreditCardV1Schema }))
    .min(1)
    .max(1)
    .optional(),
});

export const ApplicationContextV1Schema = z.object({
  brand_name: z.string().min(1).max(127).optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$|^[a-z]{2}_[A-Z]{2}$/, 'Expected a locale such as en-US.')
    .optional(),
  landing_page: z.enum(['Login', 'Billing']).optional(),
  shipping_preference: z.enum(['NO_SHIPPING', 'GET_FROM_FILE', 'SET_PROVIDED_ADDRESS']).optional(),
  user_action: z.enum(['commit', 'continue']).optional(),
});

export const PaymentV1CreateSchema = z.object({
  intent: z.enum(['sale', 'authorize', 'order']),
  payer: PayerV1Schema,
  transactions: z.array(TransactionV1Schema).min(1).max(PAYMENT_V1_LIMITS.transactions),
  experience_profile_id: z.string().min(1).max(50).optional(),
  note_to_payer: z.string().max(PAYMENT_V1_LIMITS.note_to_payer).optional(),
  redirect_urls: z.object({ return_url: UrlSchema.optional(), cancel_url: UrlSchema.optional() }).optional(),
  application_context: ApplicationContextV1Schema.optional(),
});

/** Execute (spec 2.6): the payer the buyer page returned; a transaction may only change its amount. */
export const PaymentV1ExecuteSchema = z.object({
  payer_id: z.string().min(1).max(20),
  transactions: z
    .array(z.object({ amount: AmountV1Schema }).strict())
    .min(1)
    .max(PAYMENT_V1_LIMITS.transactions)
    .optional(),
});

/** Capture of an authorization or an order. */
export const CaptureV1RequestSchema = z.object({
  amount: TotalV1Schema.optional(),
  is_final_capture: z.boolean().optional(),
  invoice_number: z.string().max(127).optional(),
  soft_descriptor: z.string().max(PAYMENT_V1_LIMITS.soft_descriptor).optional(),
  transaction_fee: TotalV1Schema.optional(),
});

/** Authorization of an order (intent `order`). */
export const OrderAuthorizeV1Schema = z.object({ amount: TotalV1Schema.optional() });

export const ReauthorizeV1Schema = z.object({ amount: TotalV1Schema.optional() });

/** Refund of a sale or a capture; no amount refunds what remains. */
export const RefundV1RequestSchema = z.object({
  amount: TotalV1Schema.optional(),
  description: z.string().max(255).optional(),
  reason: z.string().max(30).optional(),
  invoice_number: z.string().max(127).optional(),
});

export const PaymentV1ListQuery = z.object({
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAYMENT_V1_LIMITS.list_count)
    .default(PAYMENT_V1_LIMITS.list_default_count),
  start_id: z.string().regex(V1_ID_PATTERN).optional(),
  start_index: z.coerce.number().int().min(0).max(100_000).optional(),
  start_time: z.iso.datetime({ offset: true }).optional(),
  end_time: z.iso.datetime({ offset: true }).optional(),
  payee_id: z.string().min(1).max(20).optional(),
  sort_by: z.enum(['create_time', 'update_time']).default('create_time'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

export const V1IdParams = z.object({
  id: z.string().regex(V1_ID_PATTERN, 'Expected letters, digits and dashes.'),
});

export const PaymentV1CreateHeaders = z.object({
  'svc-request-id': requestIdHeader(10_000),
  'svc-partner-attribution-id': z.string().min(1).max(PAYMENT_V1_LIMITS.partner_attribution_id).optional(),
});

export const PaymentV1WriteHeaders = z.object({
  'svc-request-id': requestIdHeader(10_000),
  prefer: preferHeader,
});

export type PaymentV1CreateRequest = z.infer<typeof PaymentV1CreateSchema>;
export type PaymentV1ExecuteRequest = z.infer<typeof PaymentV1ExecuteSchema>;
export type TransactionV1Input = z.infer<typeof TransactionV1Schema>;
export type AmountV1 = z.infer<typeof AmountV1Schema>;
export type TotalV1 = z.infer<typeof TotalV1Schema>;
export type ItemV1 = z.infer<typeof ItemV1Schema>;
export type AddressV1 = z.infer<typeof AddressV1Schema>;
export type CreditCardV1Input = z.infer<typeof CreditCardV1Schema>;
export type CaptureV1Request = z.infer<typeof CaptureV1RequestSchema>;
export type RefundV1Request = z.infer<typeof RefundV1RequestSchema>;
export type ReauthorizeV1Request = z.infer<typeof ReauthorizeV1Schema>;
export type OrderAuthorizeV1Request = z.infer<typeof OrderAuthorizeV1Schema>;
export type PaymentV1ListQueryInput = z.infer<typeof PaymentV1ListQuery>;
export type PayerInfoV1 = z.infer<typeof PayerInfoV1Schema>;
