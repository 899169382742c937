import { z } from 'zod';
import { CurrencyCodeSchema, EmailSchema, MoneyValueSchema } from '../common.js';
import { LenientMoneyValueSchema } from '../lenient.js';

/**
 * Invoicing v1 (spec 2.11, 4.12, part 8): request schemas and limits. The schemas check shape and
 * lengths; what depends on several fields at once (one currency, a label with its amount, totals,
 * `minimum_amount_due`) is checked by `invoice-rules.ts`, which the workbench's form runs too.
 */

export const INVOICE_LIMITS = {
  /** Spec 2.11 and part 8. */
  maxItems: 100,
  number: 25,
  reference: 60,
  terms: 4000,
  note: 4000,
  merchantMemo: 500,
  logoUrl: 4000,
  /** The platform's field limits (not shown by the spec). */
  itemName: 200,
  itemDescription: 1000,
  taxName: 100,
  customLabel: 50,
  email: 260,
  personName: 30,
  merchantName: 256,
  businessName: 100,
  maxCc: 100,
  /** Item quantity and percentages: up to five decimal places (the platform's). */
  decimals: 5,
  quantityMax: 10_000,
  /** `GET /v1/invoicing/invoices`: the platform pages at most 100 invoices per call. */
  maxPageSize: 100,
  defaultPageSize: 20,
  /** A page further than this is refused rather than scanned (the sandbox keeps far fewer invoices). */
  maxPage: 100_000,
} as const;

/** v1 dates: `yyyy-MM-dd`, optionally with a time zone abbreviation (`2026-05-16 PDT`), as the platform writes them. */
export const INVOICE_DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])( [A-Z]{2,5})?$/;

/** A real day of the calendar (`2026-02-30` is not one), in the form of INVOICE_DATE_PATTERN. */
export function isInvoiceDate(text: string): boolean {
  if (!INVOICE_DATE_PATTERN.test(text)) return false;
  const ms = Date.parse(text.slice(0, 10) + 'T00:00:00Z');
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text.slice(0, 10));
}

export const InvoiceDateSchema = z
  .string()
  .max(20)
  .refine(isInvoiceDate, 'Expected a date such as "2026-05-16" or "2026-05-16 PST".');

/** Money v1 (spec 2.1): `currency` and `value`. */
export const InvoiceMoneySchema = z.object({ currency: CurrencyCodeSchema, value: LenientMoneyValueSchema });
export type InvoiceMoney = z.infer<typeof InvoiceMoneySchema>;

/** Decimal places of a JSON number, or undefined when it is written with an exponent beyond them. */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) return Infinity;
  const text = String(n);
  if (/e/i.test(text)) {
    const fixed = n.toFixed(20).replace(/0+$/, '');
    return fixed.includes('.') ? fixed.length - fixed.indexOf('.') - 1 : 0;
  }
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

const fiveDecimals = (what: string) =>
  z.number().refine((n) => decimalPlaces(n) <= INVOICE_LIMITS.decimals, {
    message: `${what} supports up to five decimal places.`,
  });

export const PercentSchema = fiveDecimals('A percentage')
  .refine((n) => n >= 0, {
    message: 'A percentage is from 0 to 100.',
    params: { issue: 'INVALID_PARAMETER_VALUE' },
  })
  .refine((n) => n <= 100, {
    message: 'A percentage is from 0 to 100.',
    params: { issue: 'INVALID_PARAMETER_VALUE' },
  });

export const PhoneSchema = z.object({
  country_code: z.string().regex(/^\d{1,3}$/, 'Expected 1 to 3 digits.'),
  national_number: z.string().regex(/^\d{1,14}$/, 'Expected 1 to 14 digits.'),
});

/** Address v1 (spec 2.1). */
export const InvoiceAddressSchema = z.object({
  line1: z.string().min(1).max(100),
  line2: z.string().max(100).optional(),
  city: z.string().min(1).max(64),
  state: z.string().max(40).optional(),
  postal_code: z.string().max(20).optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code.'),
  phone: z.string().max(50).optional(),
});

const InvoiceEmailSchema = EmailSchema.max(INVOICE_LIMITS.email);

export const MerchantInfoSchema = z.object({
  email: InvoiceEmailSchema.optional(),
  first_name: z.string().max(INVOICE_LIMITS.merchantName).optional(),
  last_name: z.string().max(INVOICE_LIMITS.merchantName).optional(),
  business_name: z.string().max(INVOICE_LIMITS.businessName).optional(),
  phone: PhoneSchema.optional(),
  fax: PhoneSchema.optional(),
  address: InvoiceAddressSchema.optional(),
  website: z.string().max(2048).optional(),
  tax_id: z.string().max(100).optional(),
  additional_info: z.string().max(40).optional(),
});

export const BillingInfoSchema = z.object({
  email: InvoiceEmailSchema.optional(),
  first_name: z.string().max(INVOICE_LIMITS.personName).optional(),
  last_name: z.string().max(INVOICE_LIMITS.personName).optional(),
  business_name: z.string().max(INVOICE_LIMITS.businessName).optional(),
  phone: PhoneSchema.optional(),
  address: InvoiceAddressSchema.optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/, 'Expected a locale such as en_US.')
    .optional(),
  additional_info: z.string().max(40).optional(),
});

export const ShippingInfoSchema = z.object({
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  business_name: z.string().max(480).optional(),
  address: InvoiceAddressSchema.optional(),
});

/** Tax: `name` and `percent` in; `amount` is computed (sent back on a PUT, it is ignored). */
export const TaxSchema = z.object({
  name: z.string().min(1).max(INVOICE_LIMITS.taxName),
  percent: PercentSchema,
  amount: InvoiceMoneySchema.optional(),
});

/** A discount: a percent or an amount, not both (`invoice-rules.ts`). */
export const DiscountSchema = z.object({
  percent: PercentSchema.optional(),
  amount: InvoiceMoneySchema.optional(),
});

export const UNITS_OF_MEASURE = ['QUANTITY', 'HOURS', 'AMOUNT'] as const;

export const InvoiceItemSchema = z.object({
  name: z.string().min(1).max(INVOICE_LIMITS.itemName),
  description: z.string().max(INVOICE_LIMITS.itemDescription).optional(),
  quantity: fiveDecimals('A quantity').refine(
    (n) => n >= -INVOICE_LIMITS.quantityMax && n <= INVOICE_LIMITS.quantityMax,
    {
      message: 'A quantity is from -10000 to 10000.',
    },
  ),
  unit_price: InvoiceMoneySchema,
  tax: TaxSchema.optional(),
  date: InvoiceDateSchema.optional(),
  discount: DiscountSchema.optional(),
  unit_of_measure: z.enum(UNITS_OF_MEASURE).optional(),
});

export const PAYMENT_TERM_TYPES = [
  'DUE_ON_RECEIPT',
  'DUE_ON_DATE_SPECIFIED',
  'NET_10',
  'NET_15',
  'NET_30',
  'NET_45',
  'NET_60',
  'NET_90',
  'NO_DUE_DATE',
] as const;
export type PaymentTermType = (typeof PAYMENT_TERM_TYPES)[number];

export const PaymentTermSchema = z.object({
  term_type: z.enum(PAYMENT_TERM_TYPES).optional(),
  due_date: InvoiceDateSchema.optional(),
});

export const ShippingCostSchema = z.object({
  amount: InvoiceMoneySchema.optional(),
  tax: TaxSchema.optional(),
});

export const CustomAmountSchema = z.object({
  label: z.string().max(INVOICE_LIMITS.customLabel).optional(),
  amount: InvoiceMoneySchema.optional(),
});

/** The invoice as a caller writes it (create and the full update). Read-only members are stripped. */
export const InvoiceRequestSchema = z.object({
  number: z.string().min(1).max(INVOICE_LIMITS.number).optional(),
  merchant_info: MerchantInfoSchema,
  billing_info: z.array(BillingInfoSchema).min(1).max(1),
  shipping_info: ShippingInfoSchema.optional(),
  cc_info: z
    .array(z.object({ email: InvoiceEmailSchema }))
    .max(INVOICE_LIMITS.maxCc)
    .optional(),
  items: z.array(InvoiceItemSchema).max(INVOICE_LIMITS.maxItems).optional(),
  invoice_date: InvoiceDateSchema.optional(),
  payment_term: PaymentTermSchema.optional(),
  reference: z.string().max(INVOICE_LIMITS.reference).optional(),
  discount: DiscountSchema.optional(),
  shipping_cost: ShippingCostSchema.optional(),
  custom: CustomAmountSchema.optional(),
  allow_partial_payment: z.boolean().optional(),
  minimum_amount_due: InvoiceMoneySchema.optional(),
  tax_calculated_after_discount: z.boolean().optional(),
  tax_inclusive: z.boolean().optional(),
  terms: z.string().max(INVOICE_LIMITS.terms).optional(),
  note: z.string().max(INVOICE_LIMITS.note).optional(),
  merchant_memo: z.string().max(INVOICE_LIMITS.merchantMemo).optional(),
  logo_url: z.string().max(INVOICE_LIMITS.logoUrl).optional(),
  allow_tip: z.boolean().optional(),
  template_id: z.string().max(100).optional(),
});
export type InvoiceRequest = z.infer<typeof InvoiceRequestSchema>;
export type InvoiceItemInput = z.infer<typeof InvoiceItemSchema>;

export const InvoiceIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Expected an invoice id such as INV2-ABCD-EFGH-JKLM-NPQR.'),
});

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
const integerQuery = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'Expected a whole number.')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** `GET /v1/invoicing/invoices` (spec 4.12): `page` 1.. (default 1), `page_size` (default 20). */
export const InvoiceListQuery = z.object({
  page: integerQuery(1, INVOICE_LIMITS.maxPage).optional(),
  page_size: integerQuery(1, INVOICE_LIMITS.maxPageSize).optional(),
  total_count_required: booleanQuery.optional(),
});

export const NotifyQuery = z.object({ notify_merchant: booleanQuery.optional() });

export const SEARCHABLE_STATUSES = [
  'DRAFT',
  'SENT',
  'PARTIALLY_PAID',
  'PAID',
  'MARKED_AS_PAID',
  'CANCELLED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'MARKED_AS_REFUNDED',
] as const;

/** `POST /v1/invoicing/search` (the platform's search body; spec 4.12 does not show it). */
export const InvoiceSearchSchema = z.object({
  status: z.array(z.enum(SEARCHABLE_STATUSES)).max(SEARCHABLE_STATUSES.length).optional(),
  email: z.string().max(INVOICE_LIMITS.email).optional(),
  recipient_first_name: z.string().max(INVOICE_LIMITS.personName).optional(),
  recipient_last_name: z.string().max(INVOICE_LIMITS.personName).optional(),
  recipient_business_name: z.string().max(INVOICE_LIMITS.businessName).optional(),
  number: z.string().max(INVOICE_LIMITS.number).optional(),
  lower_total_amount: MoneyValueSchema.optional(),
  upper_total_amount: MoneyValueSchema.optional(),
  start_invoice_date: InvoiceDateSchema.optional(),
  end_invoice_date: InvoiceDateSchema.optional(),
  start_due_date: InvoiceDateSchema.optional(),
  end_due_date: InvoiceDateSchema.optional(),
  start_payment_date: InvoiceDateSchema.optional(),
  end_payment_date: InvoiceDateSchema.optional(),
  start_creation_date: InvoiceDateSchema.optional(),
  end_creation_date: InvoiceDateSchema.optional(),
  page: z.number().int().min(0).max(INVOICE_LIMITS.maxPage).optional(),
  page_size: z.number().int().min(1).max(INVOICE_LIMITS.maxPageSize).optional(),
  total_count_required: z.boolean().optional(),
});
export type InvoiceSearch = z.infer<typeof InvoiceSearchSchema>;

const CcEmailsSchema = z.array(InvoiceEmailSchema).max(INVOICE_LIMITS.maxCc).optional();

/** `remind` (the platform's `notification`). */
export const NotificationSchema = z.object({
  subject: z.string().max(200).optional(),
  note: z.string().max(INVOICE_LIMITS.note).optional(),
  send_to_merchant: z.boolean().optional(),
  cc_emails: CcEmailsSchema,
});

/** `cancel` (the platform's `cancel-notification`). */
export const CancelNotificationSchema = NotificationSchema.extend({ send_to_payer: z.boolean().optional() });

export const PAYMENT_METHODS = [
  'BANK_TRANSFER',
  'CASH',
  'CHECK',
  'CREDIT_CARD',
  'DEBIT_CARD',
  'SVC',
  'WIRE_TRANSFER',
  'OTHER',
] as const;

/** A v1 date-time as the platform writes it: `2026-05-16 12:11:52 PST` (its SDK samples send it too). */
const V1_DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d [A-Z]{2,5}$/;

/** A timestamp as the record calls take it: a v1 date or date-time, or an RFC 3339 date-time. */
const RecordDateSchema = z
  .string()
  .max(40)
  .refine(
    (text) =>
      INVOICE_DATE_PATTERN.test(text) ||
      isInvoiceDate(V1_DATE_TIME_PATTERN.exec(text)?.[1] ?? '') ||
      (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/.test(text) &&
        !Number.isNaN(Date.parse(text.replace(' ', 'T')))),
    'Expected a date such as "2026-05-16 PST", "2026-05-16 12:11:52 PST" or a date-time.',
  );

/** `record-payment`: a payment made outside the platform (the platform's `payment-detail`). */
export const RecordPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  date: RecordDateSchema.optional(),
  note: z.string().max(INVOICE_LIMITS.note).optional(),
  amount: InvoiceMoneySchema.optional(),
});
export type RecordPayment = z.infer<typeof RecordPaymentSchema>;

/** `record-refund` (the platform's `refund-detail`). */
export const RecordRefundSchema = z.object({
  date: RecordDateSchema.optional(),
  note: z.string().max(INVOICE_LIMITS.note).optional(),
  amount: InvoiceMoneySchema.optional(),
});
export type RecordRefund = z.infer<typeof RecordRefundSchema>;
