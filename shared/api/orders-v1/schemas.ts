import { z } from 'zod';
import { AddressV1Schema, CurrencyCodeSchema, EmailSchema, MoneyValueSchema, UrlSchema } from '../common.js';

/** Orders v1 (spec 2.3, 4.3): request schemas. v1 money is `{currency, value}` or `{currency, total}`. */

export const ORDERS_V1_LIMITS = {
  /** Purchase units per order: part 8 gives 1..10 for v2; v1 follows it. */
  purchaseUnits: 10,
  items: 100,
  /** `Svc-Partner-Attribution-Id`: a build-notation code, as referenced payouts take it. */
  attributionId: 36,
  /** `Svc-Request-Id` of the pay call. */
  requestId: 108,
} as const;

/** `O-` and 17 capital letters and digits: the platform's v1 order ids (`O-2HT09787H36911800`). */
export const ORDER_V1_ID_PATTERN = /^O-[A-Z0-9]{17}$/;

export const MoneyV1Schema = z.object({ currency: CurrencyCodeSchema, value: MoneyValueSchema });

const NameValueSchema = z.object({ name: z.string().min(1).max(127), value: z.string().max(2000) });

/** `amount`: `total` = `details.subtotal + shipping + tax` when details are given. */
export const AmountV1Schema = z.object({
  currency: CurrencyCodeSchema,
  total: MoneyValueSchema,
  details: z
    .object({
      subtotal: MoneyValueSchema.optional(),
      shipping: MoneyValueSchema.optional(),
      tax: MoneyValueSchema.optional(),
    })
    .optional(),
});

export const ItemV1Schema = z.object({
  name: z.string().min(1).max(127),
  sku: z.string().max(127).optional(),
  price: MoneyValueSchema,
  currency: CurrencyCodeSchema,
  quantity: z
    .union([z.string(), z.number()])
    .transform((q) => String(q))
    .pipe(z.string().regex(/^[1-9]\d{0,9}$/, 'Expected a whole number of at least 1.')),
});

export const PartnerFeeDetailsSchema = z.object({
  receiver: z.object({ email: EmailSchema }),
  amount: MoneyV1Schema,
});

export const PurchaseUnitV1Schema = z.object({
  reference_id: z.string().min(1).max(256).optional(),
  description: z.string().min(1).max(127).optional(),
  amount: AmountV1Schema,
  payee: z.object({ email: EmailSchema }).optional(),
  items: z.array(ItemV1Schema).max(ORDERS_V1_LIMITS.items).optional(),
  shipping_address: AddressV1Schema.optional(),
  shipping_method: z.string().min(1).max(127).optional(),
  partner_fee_details: PartnerFeeDetailsSchema.optional(),
  payment_linked_group: z.number().int().min(1).max(ORDERS_V1_LIMITS.purchaseUnits).optional(),
  custom: z.string().max(127).optional(),
  invoice_number: z.string().max(127).optional(),
  payment_descriptor: z.string().max(22).optional(),
});

/** `payment_details`: inner fields not shown; `payment_method` says whether the buyer pays by wallet. */
export const PaymentDetailsSchema = z
  .object({ payment_method: z.enum(['SVC', 'CREDIT_CARD']).optional() })
  .catchall(z.unknown());

export const OrderV1CreateSchema = z.object({
  intent: z.enum(['SALE', 'AUTHORIZE']).optional(),
  purchase_units: z.array(PurchaseUnitV1Schema).min(1).max(ORDERS_V1_LIMITS.purchaseUnits),
  payment_details: PaymentDetailsSchema.optional(),
  metadata: z
    .object({
      supplementary_data: z.array(NameValueSchema).max(100).optional(),
      postback_data: z.array(NameValueSchema).max(100).optional(),
    })
    .optional(),
  application_context: z
    .object({
      locale: z.string().min(2).max(10).optional(),
      brand_name: z.string().min(1).max(127).optional(),
      landing_page: z
        .string()
        .regex(/^(login|billing)$/i, 'Expected login or billing.')
        .optional(),
      user_action: z
        .string()
        .regex(/^(commit|continue)$/i, 'Expected commit or continue.')
        .optional(),
      supplementary_data: z.array(NameValueSchema).max(100).optional(),
    })
    .optional(),
  redirect_urls: z.object({ return_url: UrlSchema, cancel_url: UrlSchema }).optional(),
  gross_total_amount: MoneyV1Schema.optional(),
});

export const OrderV1IdParams = z.object({
  order_id: z.string().regex(ORDER_V1_ID_PATTERN, 'Expected an order id such as O-2HT09787H36911800.'),
});

const attribution = z
  .string()
  .min(1)
  .max(ORDERS_V1_LIMITS.attributionId)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Expected a build-notation code such as "Example_Marketplace".');

export const OrderV1CreateHeaders = z.object({ 'svc-partner-attribution-id': attribution.optional() });

export const OrderV1PayHeaders = z.object({
  'svc-partner-attribution-id': attribution.optional(),
  'svc-request-id': z.string().min(1).max(ORDERS_V1_LIMITS.requestId).optional(),
});

/** A card the partner collected (pay `payer`); only its last four digits are ever kept. */
export const CreditCardV1Schema = z.object({
  number: z.string().regex(/^\d{12,19}$/, 'Expected 12 to 19 digits.'),
  type: z.enum(['visa', 'mastercard', 'discover', 'amex']).optional(),
  expire_month: z.number().int().min(1).max(12),
  expire_year: z.number().int().min(2000).max(2100),
  cvv2: z
    .string()
    .regex(/^\d{3,4}$/, 'Expected three or four digits.')
    .optional(),
  first_name: z.string().min(1).max(64).optional(),
  last_name: z.string().min(1).max(64).optional(),
});

/**
 * The pay body (spec 2.3): `disbursement_mode` required; `payer` a wallet account (`payer_info`) or a
 * credit card (`funding_instruments`).
 */
export const OrderV1PaySchema = z.object({
  disbursement_mode: z.enum(['INSTANT', 'DELAYED']),
  payer: z
    .object({
      payment_method: z.enum(['svc', 'credit_card']).optional(),
      payer_info: z
        .object({ email: EmailSchema.optional(), payer_id: z.string().min(1).max(20).optional() })
        .optional(),
      funding_instruments: z
        .array(z.object({ credit_card: CreditCardV1Schema }))
        .min(1)
        .max(1)
        .optional(),
    })
    .optional(),
});

/** Disburse the funds a DELAYED pay holds: every held unit, or the one `reference_id` names. */
export const OrderV1DisburseSchema = z.object({ reference_id: z.string().min(1).max(256).optional() });

export type OrderV1CreateRequest = z.infer<typeof OrderV1CreateSchema>;
export type PurchaseUnitV1Input = z.infer<typeof PurchaseUnitV1Schema>;
export type OrderV1PayRequest = z.infer<typeof OrderV1PaySchema>;
export type MoneyV1 = z.infer<typeof MoneyV1Schema>;
export type AmountV1 = z.infer<typeof AmountV1Schema>;
export type AddressV1 = z.infer<typeof AddressV1Schema>;
