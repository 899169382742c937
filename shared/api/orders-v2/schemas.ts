import { z } from 'zod';
import { ID_PATTERNS } from '../../ids.js';
import { CardExpirySchema, CardNumberSchema, CardSecurityCodeSchema } from '../card.js';
import {
  AddressV2Schema,
  AmountWithBreakdownSchema,
  CountryCodeSchema,
  EmailSchema,
  LOCALE_PATTERN,
  MoneySchema,
  PatchRequestSchema,
  preferHeader,
  requestIdHeader,
  UrlSchema,
} from '../common.js';

/** Orders v2 (spec 2.4, 4.4): request schemas and resource types. */

export const ITEM_CATEGORIES = ['PHYSICAL_GOODS', 'DIGITAL_GOODS', 'DONATION'] as const;

export const ItemSchema = z.object({
  name: z.string().min(1).max(127),
  description: z.string().max(2048).optional(),
  unit_amount: MoneySchema,
  tax: MoneySchema.optional(),
  quantity: z.string().regex(/^[1-9]\d{0,9}$/, 'Expected a whole number of at least 1, as a string.'),
  category: z.enum(ITEM_CATEGORIES).optional(),
  sku: z.string().max(127).optional(),
  image_url: UrlSchema.optional(),
  url: UrlSchema.optional(),
  upc: z
    .object({
      type: z.enum(['UPC-A', 'UPC-B', 'UPC-C', 'UPC-D', 'UPC-E', 'UPC-2', 'UPC-5']),
      code: z.string().regex(/^\d{6,17}$/),
    })
    .optional(),
});

export const ShippingSchema = z.object({
  name: z.object({ full_name: z.string().min(1).max(300) }).optional(),
  email_address: EmailSchema.optional(),
  phone_number: z
    .object({
      country_code: z
        .string()
        .regex(/^\d{1,3}$/)
        .optional(),
      national_number: z.string().regex(/^\d{1,14}$/),
    })
    .optional(),
  type: z.enum(['SHIPPING', 'PICKUP_IN_PERSON', 'PICKUP_IN_STORE', 'PICKUP_FROM_PERSON']).optional(),
  options: z
    .array(
      z.object({
        id: z.string().min(1).max(127),
        label: z.string().min(1).max(127),
        type: z.enum(['SHIPPING', 'PICKUP']).optional(),
        amount: MoneySchema.optional(),
        selected: z.boolean(),
      }),
    )
    .max(10)
    .optional(),
  address: AddressV2Schema.optional(),
});

export const PayeeSchema = z.object({
  email_address: EmailSchema.optional(),
  merchant_id: z.string().regex(ID_PATTERNS.accountId).optional(),
});

/**
 * How a partner is paid from a unit (spec 2.4 `payee`, `platform_fees`): one platform fee, paid to the
 * partner (the calling app's account unless `payee` names another business) when the unit is captured.
 * Only INSTANT disbursement: the disburse-funds call of DELAYED is not shown by the spec.
 */
export const PaymentInstructionSchema = z.object({
  platform_fees: z
    .array(z.object({ amount: MoneySchema, payee: PayeeSchema.optional() }))
    .min(1)
    .max(1)
    .optional(),
  disbursement_mode: z.enum(['INSTANT']).optional(),
});

export const PurchaseUnitSchema = z.object({
  reference_id: z.string().min(1).max(256).optional(),
  description: z.string().min(1).max(127).optional(),
  custom_id: z.string().min(1).max(127).optional(),
  invoice_id: z.string().min(1).max(127).optional(),
  soft_descriptor: z.string().min(1).max(22).optional(),
  amount: AmountWithBreakdownSchema,
  payee: PayeeSchema.optional(),
  items: z.array(ItemSchema).max(100).optional(),
  shipping: ShippingSchema.optional(),
  payment_instruction: PaymentInstructionSchema.optional(),
});

export const PayerSchema = z.object({
  name: z
    .object({ given_name: z.string().max(140).optional(), surname: z.string().max(140).optional() })
    .optional(),
  email_address: EmailSchema.optional(),
  payer_id: z.string().regex(ID_PATTERNS.accountId).optional(),
  address: AddressV2Schema.optional(),
});

export const USAGE_PATTERNS = [
  'IMMEDIATE',
  'DEFERRED',
  'RECURRING_PREPAID',
  'RECURRING_POSTPAID',
  'THRESHOLD_PREPAID',
  'THRESHOLD_POSTPAID',
  'SUBSCRIPTION_PREPAID',
  'SUBSCRIPTION_POSTPAID',
  'UNSCHEDULED_PREPAID',
  'UNSCHEDULED_POSTPAID',
  'INSTALLMENT_PREPAID',
  'INSTALLMENT_POSTPAID',
] as const;

export const ExperienceContextSchema = z.object({
  brand_name: z.string().min(1).max(127).optional(),
  locale: z.string().regex(LOCALE_PATTERN).optional(),
  payment_method_preference: z.enum(['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED']).optional(),
  landing_page: z.enum(['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE']).optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
  user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
  return_url: UrlSchema.optional(),
  cancel_url: UrlSchema.optional(),
});

/** A vault id in a payment source (a payment token of Payment method tokens v3). */
export const VaultIdRefSchema = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,36}$/, 'Expected 1 to 36 letters, digits, underscores or hyphens.');

/** `attributes.customer` of a payment source: the vault customer a stored token goes to. */
const VaultCustomerRefSchema = z.object({
  id: z.string().regex(/^[0-9A-Za-z_-]{1,36}$/, 'Expected 1 to 36 letters, digits, underscores or hyphens.'),
});

/** `store_in_vault: ON_SUCCESS`: save the payment source as a payment token once the order is paid. */
const StoreInVaultSchema = z.enum(['ON_SUCCESS']);

/** Wallet payment source (key `svc`). */
export const WalletSourceSchema = z.object({
  vault_id: VaultIdRefSchema.optional(),
  email_address: EmailSchema.optional(),
  experience_context: ExperienceContextSchema.optional(),
  attributes: z
    .object({
      customer: VaultCustomerRefSchema.optional(),
      vault: z
        .object({
          store_in_vault: StoreInVaultSchema.optional(),
          confirm_payment_token: z.enum(['ON_ORDER_COMPLETION']).optional(),
          usage_type: z.enum(['MERCHANT', 'PLATFORM']).optional(),
          usage_pattern: z.enum(USAGE_PATTERNS).optional(),
          customer_type: z.enum(['CONSUMER', 'BUSINESS']).optional(),
          description: z.string().min(1).max(128).optional(),
        })
        .optional(),
    })
    .optional(),
});

/**
 * A card: its number and expiry, or the `vault_id` of a vaulted card (then nothing else identifies it).
 * `attributes.vault.store_in_vault` saves a given card in the vault once the order is paid.
 */
export const CardSourceSchema = z.object({
  number: CardNumberSchema.optional(),
  expiry: CardExpirySchema.optional(),
  vault_id: VaultIdRefSchema.optional(),
  attributes: z
    .object({
      customer: VaultCustomerRefSchema.optional(),
      vault: z.object({ store_in_vault: StoreInVaultSchema }).optional(),
    })
    .optional(),
  name: z.string().min(1).max(300).optional(),
  security_code: CardSecurityCodeSchema.optional(),
  billing_address: AddressV2Schema.optional(),
  stored_credential: z
    .object({
      payment_initiator: z.enum(['CUSTOMER', 'MERCHANT']),
      payment_type: z.enum(['ONE_TIME', 'RECURRING', 'UNSCHEDULED']),
      usage: z.enum(['FIRST', 'SUBSEQUENT', 'DERIVED', 'DEFAULT']).optional(),
    })
    .optional(),
});

export const PaymentSourceSchema = z
  .object({ svc: WalletSourceSchema.optional(), card: CardSourceSchema.optional() })
  .refine((source) => Number(source.svc !== undefined) + Number(source.card !== undefined) === 1, {
    message: 'Give exactly one payment source: svc or card.',
    params: { issue: 'PAYMENT_SOURCE_CONFLICT' },
  })
  .superRefine((source, ctx) => {
    const card = source.card;
    if (!card) return;
    // A vaulted card is named by its vault_id alone; a new card needs its number and expiry.
    if (card.vault_id !== undefined) {
      for (const key of ['number', 'expiry', 'security_code'] as const) {
        if (card[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['card', key],
            message: `A card named by vault_id takes no ${key}: the vault holds it.`,
          });
      }
      if (card.attributes?.vault)
        ctx.addIssue({
          code: 'custom',
          path: ['card', 'attributes', 'vault'],
          message: 'The card is already vaulted (vault_id); store_in_vault applies to a new card.',
        });
      return;
    }
    for (const key of ['number', 'expiry'] as const) {
      if (card[key] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['card', key],
          message: `A card needs its ${key} (or the vault_id of a vaulted card).`,
          params: { issue: 'MISSING_REQUIRED_PARAMETER' },
        });
    }
  })
  .superRefine((source, ctx) => {
    if (source.svc?.vault_id !== undefined && source.svc.attributes?.vault?.store_in_vault)
      ctx.addIssue({
        code: 'custom',
        path: ['svc', 'attributes', 'vault', 'store_in_vault'],
        message: 'The wallet is already vaulted (vault_id); store_in_vault applies to a new wallet.',
      });
  });

export const ApplicationContextSchema = ExperienceContextSchema.omit({ payment_method_preference: true });

export const OrderCreateSchema = z.object({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  payer: PayerSchema.optional(),
  purchase_units: z.array(PurchaseUnitSchema).min(1).max(10),
  payment_source: PaymentSourceSchema.optional(),
  application_context: ApplicationContextSchema.optional(),
});

export const OrderIdParams = z.object({
  id: z.string().regex(ID_PATTERNS.orderId, 'Expected 1 to 36 capital letters and digits.'),
});

export const OrderCreateHeaders = z.object({
  'svc-request-id': requestIdHeader(108),
  'svc-partner-attribution-id': z.string().min(1).max(36).optional(),
  'svc-client-metadata-id': z.string().min(1).max(68).optional(),
  prefer: preferHeader,
});

export const OrderShowQuery = z.object({
  fields: z
    .string()
    .regex(/^payment_source(,payment_source)*$/, 'payment_source is the only valid filter.')
    .optional(),
});

/** Body of the order's own authorize and capture calls (spec: only the link rel is shown). */
export const OrderPaymentSchema = z.object({ payment_source: PaymentSourceSchema.optional() });

export const OrderPatchSchema = PatchRequestSchema;

export type OrderCreateRequest = z.infer<typeof OrderCreateSchema>;
export type PurchaseUnitInput = z.infer<typeof PurchaseUnitSchema>;
export type ItemInput = z.infer<typeof ItemSchema>;
export type PayerInput = z.infer<typeof PayerSchema>;
export type PaymentSourceInput = z.infer<typeof PaymentSourceSchema>;
export type OrderIntent = OrderCreateRequest['intent'];

/** Link rels of orders v2 (spec 2.4) plus `authorize` for AUTHORIZE-intent orders. */
export type OrderLinkRel = 'self' | 'approve' | 'payer-action' | 'edit' | 'capture' | 'authorize';

export { CountryCodeSchema };
