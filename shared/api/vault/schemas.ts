import { z } from 'zod';
import { AddressV2Schema, LOCALE_PATTERN, queryInt, requestIdHeader, UrlSchema } from '../common.js';
import { CardExpirySchema, CardNumberSchema, CardSecurityCodeSchema } from '../card.js';
import { USAGE_PATTERNS } from '../orders-v2/schemas.js';

/** Payment method tokens v3 (spec 2.7, 4.7, part 8): request schemas and limits. */

export const VAULT_LIMITS = {
  /** `page_size` 1..5, default 5; `page` 1..10, default 1 (spec part 8). */
  maxPageSize: 5,
  maxPage: 10,
  /** `Svc-Request-Id` 1..10000 chars on the vault's create calls (spec part 8). */
  requestIdMax: 10_000,
} as const;

/** A customer id: 7..36 letters, digits, underscore, hyphen (spec 4.7; a create accepts what a list can find). */
export const CustomerIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z_-]{7,36}$/, 'Expected 7 to 36 letters, digits, underscores or hyphens.');

export const CustomerSchema = z.object({
  id: CustomerIdSchema.optional(),
  merchant_customer_id: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,64}$/, 'Expected 1 to 64 letters, digits, underscores or hyphens.')
    .optional(),
});

/** A token id in a path: 1..36 letters, digits, underscore, hyphen (spec 4.7). */
export const VaultIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,36}$/, 'Expected 1 to 36 letters, digits, underscores or hyphens.');

export const VaultIdParams = z.object({ id: VaultIdSchema });

/** A card to vault: number (Luhn) and expiry as an order takes them; the number is never kept whole. */
export const VaultCardSchema = z.object({
  number: CardNumberSchema,
  expiry: CardExpirySchema,
  name: z.string().min(1).max(300).optional(),
  security_code: CardSecurityCodeSchema.optional(),
  billing_address: AddressV2Schema.optional(),
  verification_method: z.enum(['SCA_ALWAYS', 'SCA_WHEN_REQUIRED']).optional(),
});

export const VaultExperienceSchema = z.object({
  brand_name: z.string().min(1).max(300).optional(),
  locale: z.string().regex(LOCALE_PATTERN).optional(),
  return_url: UrlSchema.optional(),
  cancel_url: UrlSchema.optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
  vault_instruction: z.enum(['ON_CREATE_PAYMENT_TOKENS', 'ON_PAYER_APPROVAL']).optional(),
});

/** The wallet (key `svc`) of a setup token: vaulted once the buyer approves it on the buyer page. */
export const VaultWalletSchema = z.object({
  description: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[a-zA-Z0-9_'\-., :;!?"]*$/, 'Letters, digits, spaces and simple punctuation only.')
    .optional(),
  usage_pattern: z.enum(USAGE_PATTERNS).optional(),
  usage_type: z.enum(['MERCHANT', 'PLATFORM']).optional(),
  customer_type: z.enum(['CONSUMER', 'BUSINESS']).optional(),
  permit_multiple_payment_tokens: z.boolean().optional(),
  shipping: z
    .object({
      name: z.object({ full_name: z.string().min(1).max(300) }).optional(),
      address: AddressV2Schema.optional(),
    })
    .optional(),
  experience_context: VaultExperienceSchema.optional(),
});

/** A US bank account for ACH debit; the account number is kept only as its last four digits. */
export const AchDebitSchema = z.object({
  account_number: z.string().regex(/^\d{4,17}$/, 'Expected 4 to 17 digits.'),
  routing_number: z.string().regex(/^\d{9}$/, 'Expected the 9-digit ABA routing number.'),
  account_type: z.enum(['CHECKING', 'SAVINGS']),
  ownership_type: z.enum(['PERSONAL', 'BUSINESS']).optional(),
  account_holder_name: z.string().min(1).max(300),
  billing_address: AddressV2Schema.optional(),
});

/** A SEPA account; the IBAN is kept only as its last four characters. */
export const SepaDebitSchema = z.object({
  iban: z
    .string()
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'Expected an IBAN: country code, check digits, account.'),
  account_holder_name: z.string().min(1).max(300),
  billing_address: AddressV2Schema.optional(),
});

export const BankSchema = z
  .object({ ach_debit: AchDebitSchema.optional(), sepa_debit: SepaDebitSchema.optional() })
  .refine((bank) => Number(bank.ach_debit !== undefined) + Number(bank.sepa_debit !== undefined) === 1, {
    message: 'Give exactly one bank account: ach_debit or sepa_debit.',
  });

/** Exchanging a setup token (spec 2.7). */
export const SetupTokenRefSchema = z.object({
  id: VaultIdSchema,
  type: z.enum(['SETUP_TOKEN']),
});

const exactlyOne =
  (keys: readonly string[]) =>
  (source: Record<string, unknown>): boolean =>
    keys.filter((key) => source[key] !== undefined).length === 1;

export const SetupTokenCreateSchema = z.object({
  payment_source: z
    .object({ card: VaultCardSchema.optional(), svc: VaultWalletSchema.optional() })
    .refine(exactlyOne(['card', 'svc']), {
      message: 'Give exactly one payment source to set up: card or svc.',
      params: { issue: 'PAYMENT_SOURCE_CONFLICT' },
    }),
  customer: CustomerSchema.optional(),
});

export const PaymentTokenCreateSchema = z.object({
  payment_source: z
    .object({
      token: SetupTokenRefSchema.optional(),
      card: VaultCardSchema.optional(),
      bank: BankSchema.optional(),
    })
    .refine(exactlyOne(['token', 'card', 'bank']), {
      message: 'Give exactly one payment source: token (a setup token), card or bank.',
      params: { issue: 'PAYMENT_SOURCE_CONFLICT' },
    }),
  customer: CustomerSchema.optional(),
});

export const VaultCreateHeaders = z.object({ 'svc-request-id': requestIdHeader(VAULT_LIMITS.requestIdMax) });

export const PaymentTokenListQuery = z.object({
  customer_id: CustomerIdSchema,
  page_size: queryInt(1, VAULT_LIMITS.maxPageSize, VAULT_LIMITS.maxPageSize),
  page: queryInt(1, VAULT_LIMITS.maxPage, 1),
  total_required: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** The sandbox toggle: whether a merchant is onboarded to the vault (spec part 7: 403 when not). */
export const VaultOnboardingSchema = z.object({
  merchant_id: z
    .string()
    .regex(/^[A-HJ-NP-Z2-9]{13}$/)
    .optional(),
  vault_enabled: z.boolean(),
});

export type SetupTokenCreateRequest = z.infer<typeof SetupTokenCreateSchema>;
export type PaymentTokenCreateRequest = z.infer<typeof PaymentTokenCreateSchema>;
export type VaultCardInput = z.infer<typeof VaultCardSchema>;
export type VaultWalletInput = z.infer<typeof VaultWalletSchema>;
export type BankInput = z.infer<typeof BankSchema>;
export type CustomerInput = z.infer<typeof CustomerSchema>;
