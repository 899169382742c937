import { z } from 'zod';
import { CountryCodeSchema, CurrencyCodeSchema, EmailSchema, UrlSchema } from '../common.js';

/** Partner referrals v1 (spec 2.14, deprecated): the request schema. */

export const V1_CAPABILITIES = [
  'API_INTEGRATION',
  'BANK_ADDITION',
  'BILLING_AGREEMENT',
  'CONTEXTUAL_MARKETING_CONSENT',
] as const;
export const V1_PRODUCTS = [
  'EXPRESS_CHECKOUT',
  'WP_PRO',
  'PAYMENT_METHODS',
  'ADVANCED_VAULTING',
  'PPCP',
  'PPPLUS',
] as const;

/** The classic permissions a v1 referral may ask for (the platform's list; more exist). */
export const V1_PERMISSIONS = [
  'EXPRESS_CHECKOUT',
  'REFUND',
  'DIRECT_PAYMENT',
  'AUTH_CAPTURE',
  'BUTTON_MANAGER',
  'ACCOUNT_BALANCE',
  'TRANSACTION_DETAILS',
  'TRANSACTION_SEARCH',
  'REFERENCE_TRANSACTION',
  'RECURRING_PAYMENTS',
  'BILLING_AGREEMENT',
  'ACCESS_BASIC_PERSONAL_DATA',
  'PARTNER_FEE',
] as const;

const NameSchema = z.object({
  prefix: z.string().max(30).optional(),
  given_name: z.string().max(140).optional(),
  surname: z.string().max(140).optional(),
  middle_name: z.string().max(140).optional(),
  suffix: z.string().max(30).optional(),
  alternate_full_name: z.string().max(300).optional(),
});

const V1PhoneSchema = z.object({
  country_code: z.string().regex(/^\d{1,3}$/),
  national_number: z.string().regex(/^\d{1,14}$/),
  extension_number: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  type: z.enum(['HOME', 'MOBILE', 'FAX', 'OTHER', 'PAGER']).optional(),
});

const V1AddressSchema = z.object({
  line1: z.string().max(300),
  line2: z.string().max(300).optional(),
  city: z.string().max(120),
  state: z.string().max(300).optional(),
  postal_code: z.string().max(60).optional(),
  country_code: CountryCodeSchema,
});

export const V1CustomerDataSchema = z.object({
  customer_type: z.enum(['MERCHANT', 'CONSUMER']),
  person_details: z
    .object({
      email_address: EmailSchema.optional(),
      name: NameSchema.optional(),
      phone_contacts: z
        .array(z.object({ phone_number_details: V1PhoneSchema, phone_type: z.string().max(20) }))
        .max(5)
        .optional(),
      home_address: V1AddressSchema.optional(),
      date_of_birth: z.object({ event_type: z.literal('BIRTH'), event_date: z.iso.datetime() }).optional(),
      nationality_country_code: CountryCodeSchema.optional(),
    })
    .optional(),
  business_details: z
    .object({
      business_type: z.string().max(40).optional(),
      names: z
        .array(z.object({ type: z.string().max(40), name: z.string().min(1).max(300) }))
        .max(5)
        .optional(),
      business_address: V1AddressSchema.optional(),
      phone_contacts: z
        .array(z.object({ phone_number_details: V1PhoneSchema, phone_type: z.string().max(20) }))
        .max(5)
        .optional(),
      website_urls: z.array(UrlSchema).max(5).optional(),
      category: z.string().max(10).optional(),
      sub_category: z.string().max(10).optional(),
      mcc_code: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
    })
    .optional(),
  financial_instrument_data: z.record(z.string(), z.unknown()).optional(),
  preferred_language_code: z.string().min(2).max(10).optional(),
  primary_currency_code: CurrencyCodeSchema.optional(),
  referral_user_payer_id: z
    .object({ type: z.literal('PAYER_ID'), value: z.string().min(1).max(20) })
    .optional(),
  partner_specific_identifiers: z
    .array(z.object({ type: z.literal('TRACKING_ID'), value: z.string().min(1).max(127) }))
    .max(5)
    .optional(),
});

export const V1CapabilitySchema = z.object({
  capability: z.enum(V1_CAPABILITIES),
  api_integration_preference: z
    .object({
      partner_id: z.string().min(1).max(20),
      rest_api_integration: z.record(z.string(), z.unknown()).optional(),
      rest_third_party_details: z.record(z.string(), z.unknown()).optional(),
      classic_api_integration: z.record(z.string(), z.unknown()).optional(),
      classic_api_integration_type: z
        .enum(['FIRST_PARTY_INTEGRATED', 'FIRST_PARTY_NON_INTEGRATED', 'THIRD_PARTY'])
        .optional(),
      classic_third_party_details: z
        .object({ permission_list: z.array(z.enum(V1_PERMISSIONS)).min(1).max(V1_PERMISSIONS.length) })
        .optional(),
    })
    .optional(),
  billing_agreement: z.record(z.string(), z.unknown()).optional(),
});

export const ConsentSchema = z.object({
  type: z.string().regex(/^[A-Z_]{1,64}$/, 'Expected a consent type such as SHARE_DATA_CONSENT.'),
  granted: z.boolean(),
});

export const ReferralV1Schema = z.object({
  customer_data: V1CustomerDataSchema,
  requested_capabilities: z.array(V1CapabilitySchema).min(1).max(5),
  web_experience_preference: z
    .object({
      partner_logo_url: UrlSchema.optional(),
      return_url: UrlSchema.optional(),
      action_renewal_url: UrlSchema.optional(),
      return_url_description: z.string().max(127).optional(),
    })
    .optional(),
  collected_consents: z.array(ConsentSchema).min(1).max(5),
  products: z.array(z.enum(V1_PRODUCTS)).min(1).max(5),
});

export type ReferralV1Request = z.infer<typeof ReferralV1Schema>;
