import { z } from 'zod';
import { AddressV2Schema, CountryCodeSchema, EmailSchema, MoneySchema, UrlSchema } from '../common.js';
import { THIRD_PARTY_FEATURES } from '../../partner-features.js';
import { ConsentSchema } from './schemas-v1.js';

/** Partner referrals v2 (spec 2.14, the v2 table): the request schema with every field rule. */

/**
 * Products of v2. The complete-payments and plus products are the platform's `PPCP` and `PPPLUS`
 * (abbreviations, kept as the platform spells them); the regional and in-person ones are not offered.
 */
export const V2_PRODUCTS = [
  'EXPRESS_CHECKOUT',
  'PAYMENT_METHODS',
  'ADVANCED_VAULTING',
  'WEBSITE_PAYMENT_PRO',
  'CRYPTO_PYMTS',
  'PPCP',
  'PPPLUS',
  'PAYOUTS',
] as const;
export type V2Product = (typeof V2_PRODUCTS)[number];

export const V2_CAPABILITIES = [
  'SVC_WALLET_VAULTING_ADVANCED',
  'PAY_UPON_INVOICE',
  'APPLE_PAY',
  'GOOGLE_PAY',
] as const;
export type V2Capability = (typeof V2_CAPABILITIES)[number];

// Third-party features a partner may ask the seller to grant: the platform's list, which the pipeline's
// consent check reads as well.
export { THIRD_PARTY_FEATURES, type ThirdPartyFeature } from '../../partner-features.js';

export const OPERATIONS = [
  'API_INTEGRATION',
  'BANK_ADDITION',
  'BILLING_AGREEMENT',
  'CONTEXTUAL_MARKETING_CONSENT',
] as const;

const NameSchema = z.object({
  prefix: z.string().min(1).max(140).optional(),
  given_name: z.string().min(1).max(140).optional(),
  surname: z.string().min(1).max(140).optional(),
  middle_name: z.string().min(1).max(140).optional(),
  suffix: z.string().min(1).max(140).optional(),
  full_name: z.string().min(1).max(300).optional(),
  type: z.enum(['LEGAL']),
});

const PhoneSchema = z.object({
  country_code: z.string().regex(/^\d{1,3}$/, 'Expected 1 to 3 digits.'),
  national_number: z.string().regex(/^\d{1,14}$/, 'Expected 1 to 14 digits.'),
  extension_number: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  type: z.enum(['FAX', 'HOME', 'MOBILE', 'OTHER', 'PAGER', 'CUSTOMER_SERVICE']),
});

const TypedAddressSchema = AddressV2Schema.extend({ type: z.enum(['HOME', 'WORK']) });

const DateSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Expected YYYY-MM-DD.');

const PersonSchema = z.object({
  names: z.array(NameSchema).min(1).max(5).optional(),
  citizenship: CountryCodeSchema.optional(),
  addresses: z.array(TypedAddressSchema).min(1).max(5).optional(),
  phones: z.array(PhoneSchema).min(1).max(5).optional(),
  birth_details: z.object({ date_of_birth: DateSchema }).optional(),
});

export const IndividualOwnerSchema = PersonSchema.extend({ type: z.enum(['PRIMARY', 'SECONDARY']) });

const PercentageSchema = z
  .string()
  .regex(/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/, 'Expected a decimal percentage.');

const VolumeRangeSchema = z.object({ minimum_amount: MoneySchema, maximum_amount: MoneySchema.optional() });

export const BusinessEntitySchema = z.object({
  business_type: z
    .object({
      type: z.enum([
        'ANY_OTHER_BUSINESS_ENTITY',
        'ASSOCIATION',
        'CORPORATION',
        'GENERAL_PARTNERSHIP',
        'GOVERNMENT',
        'INDIVIDUAL',
        'LIMITED_LIABILITY_PARTNERSHIP',
        'LIMITED_LIABILITY_PROPRIETORS',
        'LIMITED_LIABILITY_PRIVATE_CORPORATION',
        'LIMITED_PARTNERSHIP',
        'LIMITED_PARTNERSHIP_PRIVATE_CORPORATION',
        'NONPROFIT',
        'ONLY_BUY_OR_SEND_MONEY',
        'OTHER_CORPORATE_BODY',
        'PARTNERSHIP',
        'PRIVATE_PARTNERSHIP',
        'PROPRIETORSHIP',
        'PROPRIETORSHIP_CRAFTSMAN',
        'PROPRIETORY_COMPANY',
        'PRIVATE_CORPORATION',
        'PUBLIC_COMPANY',
        'PUBLIC_CORPORATION',
        'PUBLIC_PARTNERSHIP',
        'REGISTERED_COOPERATIVE',
      ]),
      subtype: z.string().min(1).max(255).optional(),
    })
    .optional(),
  business_industry: z
    .object({
      category: z.string().regex(/^\d{3,4}$/, 'Expected a 3 or 4 digit category code.'),
      mcc_code: z.string().regex(/^\d{3,4}$/, 'Expected a 3 or 4 digit MCC.'),
      subcategory: z.string().regex(/^\d{3,4}$/, 'Expected a 3 or 4 digit subcategory code.'),
    })
    .optional(),
  business_incorporation: z
    .object({
      incorporation_country_code: CountryCodeSchema.optional(),
      incorporation_date: DateSchema.optional(),
    })
    .optional(),
  names: z
    .array(
      z.object({
        business_name: z.string().min(1).max(300),
        type: z.enum(['LEGAL_NAME', 'DOING_BUSINESS_AS']),
      }),
    )
    .min(1)
    .max(5)
    .optional(),
  emails: z
    .array(z.object({ type: z.enum(['CUSTOMER_SERVICE']), email: EmailSchema.pipe(z.string().min(3)) }))
    .min(1)
    .max(5)
    .optional(),
  website: UrlSchema.optional(),
  addresses: z
    .array(AddressV2Schema.extend({ type: z.enum(['WORK']) }))
    .min(1)
    .max(5)
    .optional(),
  phones: z.array(PhoneSchema).min(1).max(5).optional(),
  beneficial_owners: z
    .object({
      individual_beneficial_owners: z
        .array(PersonSchema.extend({ percentage_of_ownership: PercentageSchema }))
        .max(5)
        .optional(),
      business_beneficial_owners: z
        .array(
          z.object({
            names: z
              .array(z.object({ business_name: z.string().min(1).max(300) }))
              .max(5)
              .optional(),
            percentage_of_ownership: PercentageSchema,
          }),
        )
        .max(5)
        .optional(),
    })
    .optional(),
  office_bearers: z
    .array(
      PersonSchema.extend({
        role: z.enum(['CEO', 'CHAIRMAN', 'DIRECTOR', 'SECRETARY', 'TREASURER', 'TRUSTEE']),
      }),
    )
    .max(5)
    .optional(),
  annual_sales_volume_range: VolumeRangeSchema.optional(),
  average_monthly_volume_range: VolumeRangeSchema.optional(),
  purpose_code: z.string().min(1).max(255).optional(),
});

export const OperationSchema = z.object({
  operation: z.enum(OPERATIONS),
  api_integration_preference: z
    .object({
      rest_api_integration: z.object({
        integration_method: z.enum(['SVC', 'BRAINTREE']),
        integration_type: z.enum(['FIRST_PARTY', 'THIRD_PARTY']),
        first_party_details: z
          .object({
            features: z.array(z.enum(THIRD_PARTY_FEATURES)).min(1).max(15),
            seller_nonce: z.string().min(44).max(128),
          })
          .optional(),
        third_party_details: z
          .object({ features: z.array(z.enum(THIRD_PARTY_FEATURES)).min(1).max(15) })
          .optional(),
      }),
    })
    .optional(),
  billing_agreement: z.record(z.string(), z.unknown()).optional(),
});

export const ReferralV2Schema = z.object({
  individual_owners: z.array(IndividualOwnerSchema).max(2).optional(),
  business_entity: BusinessEntitySchema.optional(),
  tracking_id: z.string().min(1).max(127).optional(),
  operations: z.array(OperationSchema).min(1).max(5),
  products: z.array(z.enum(V2_PRODUCTS)).min(1).max(5).optional(),
  capabilities: z.array(z.enum(V2_CAPABILITIES)).min(1).max(5).optional(),
  outside_process_dependencies: z.array(z.record(z.string(), z.unknown())).min(1).max(5).optional(),
  legal_consents: z.array(ConsentSchema).min(1).max(5),
  email: EmailSchema.pipe(z.string().min(3)).optional(),
  preferred_language_code: z
    .string()
    .min(2)
    .max(10)
    .regex(/^[a-z]{2}(-[A-Za-z0-9]{2,7})?$/, 'Expected a language code such as en-US.')
    .optional(),
  partner_config_override: z
    .object({
      partner_logo_url: UrlSchema.optional(),
      return_url: UrlSchema.optional(),
      return_url_description: z.string().min(1).max(127).optional(),
      action_renewal_url: UrlSchema.optional(),
      show_add_credit_card: z.boolean().optional(),
    })
    .optional(),
  financial_instruments: z.record(z.string(), z.unknown()).optional(),
  payout_attributes: z.record(z.string(), z.unknown()).optional(),
  legal_country_code: z
    .string()
    .regex(/^([A-Z]{2}|C2)$/, 'Expected two capital letters or C2.')
    .optional(),
});

export type ReferralV2Request = z.infer<typeof ReferralV2Schema>;
