import { z } from 'zod';
import { MONEY_VALUE_MAX_LENGTH, MONEY_VALUE_PATTERN } from '../money.js';

/** Shared request shapes of spec 2.1, as zod schemas (they also feed the OpenAPI document and Monaco). */

export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Expected a three-letter ISO 4217 currency code.');

export const MoneyValueSchema = z
  .string()
  .max(MONEY_VALUE_MAX_LENGTH)
  .regex(MONEY_VALUE_PATTERN, 'Expected a decimal amount such as "10.00".');

/** Money v2. */
export const MoneySchema = z.object({ currency_code: CurrencyCodeSchema, value: MoneyValueSchema });

export const CountryCodeSchema = z.string().regex(/^([A-Z]{2}|C2)$/, 'Expected a two-letter country code.');

export const EmailSchema = z
  .string()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Expected an e-mail address.');

/** Absolute http(s) URL: buyers are redirected to these, so no javascript:, data: or file: URLs. */
export const UrlSchema = z
  .string()
  .max(2048)
  .url('Expected an absolute URL.')
  .refine((url) => /^https?:\/\//i.test(url), 'Only http and https URLs are accepted.');

/** Address v2. */
export const AddressV2Schema = z.object({
  address_line_1: z.string().max(300).optional(),
  address_line_2: z.string().max(300).optional(),
  admin_area_1: z.string().max(300).optional(),
  admin_area_2: z.string().max(120).optional(),
  postal_code: z.string().max(60).optional(),
  country_code: CountryCodeSchema,
});

/** The breakdown of an amount (spec 2.4, 2.5). */
export const BreakdownSchema = z.object({
  item_total: MoneySchema.optional(),
  shipping: MoneySchema.optional(),
  handling: MoneySchema.optional(),
  tax_total: MoneySchema.optional(),
  insurance: MoneySchema.optional(),
  shipping_discount: MoneySchema.optional(),
  discount: MoneySchema.optional(),
});

export const AmountWithBreakdownSchema = MoneySchema.extend({ breakdown: BreakdownSchema.optional() });

/** One patch operation (spec 2.1). */
export const PatchOperationSchema = z.object({
  op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
  path: z.string().max(1000),
  value: z.unknown().optional(),
  from: z.string().max(1000).optional(),
});

export const PatchRequestSchema = z.array(PatchOperationSchema).min(1).max(100);

/** Headers several write operations share (spec 4.4, 4.5). */
export const preferHeader = z.string().min(1).max(25).optional();
export const requestIdHeader = (max: number) => z.string().min(1).max(max).optional();

/** Address v1 (spec 2.1). */
export const AddressV1Schema = z.object({
  line1: z.string().min(1).max(100),
  line2: z.string().max(100).optional(),
  city: z.string().min(1).max(64),
  state: z.string().max(40).optional(),
  postal_code: z.string().max(20).optional(),
  country_code: CountryCodeSchema,
  phone: z.string().max(50).optional(),
  recipient_name: z.string().max(127).optional(),
});

/** A locale as the platform takes it: language, then an optional script and region (en-US, zh-Hant-TW). */
export const LOCALE_PATTERN = /^[a-z]{2}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;

/** A whole number in a query string within limits, with its default. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'Expected a whole number.')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((n) => n ?? fallback);

export type MoneyInput = z.infer<typeof MoneySchema>;
export type AmountWithBreakdown = z.infer<typeof AmountWithBreakdownSchema>;
export type Breakdown = z.infer<typeof BreakdownSchema>;
export type AddressV2 = z.infer<typeof AddressV2Schema>;
