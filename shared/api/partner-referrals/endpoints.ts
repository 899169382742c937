import { z } from 'zod';
import { SCOPES } from '../../scopes.js';
import { EmailSchema, CountryCodeSchema } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { ReferralV1Schema } from './schemas-v1.js';
import { ReferralV2Schema } from './schemas-v2.js';
import { thirdPartyOperation } from './third-party-operation.js';

const TAG = 'Partner referrals';
const V1_DEPRECATED = { replacement: 'Partner referrals v2' };

const ACCOUNT_ID = /^[A-HJ-NP-Z2-9]{13}$/;

export const ReferralIdParams = z.object({
  partner_referral_id: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Expected a partner referral id.'),
});
export const PartnerParams = z.object({
  partner_id: z.string().regex(ACCOUNT_ID, 'Expected the 13-character account id of the partner.'),
});
export const PartnerMerchantParams = PartnerParams.extend({
  merchant_id: z.string().regex(ACCOUNT_ID, 'Expected the 13-character account id of the seller.'),
});
export const TrackingQuery = z.object({ tracking_id: z.string().min(1).max(127) });
export const MerchantParams = z.object({
  merchant_id: z.string().regex(ACCOUNT_ID, 'Expected the 13-character account id of the seller.'),
});

/** The onboarding page's form, for scripts: sign up a new seller (or sign in an existing business). */
export const OnboardSchema = z.strictObject({
  email: EmailSchema,
  business_name: z.string().trim().min(1).max(127).optional(),
  country_code: CountryCodeSchema.optional(),
  /** `SIGN_UP` creates a business account; `SIGN_IN` links an existing one. */
  mode: z.enum(['SIGN_UP', 'SIGN_IN']).default('SIGN_UP'),
});

const V2_EXAMPLE = {
  tracking_id: 'seller-0001',
  email: 'new-seller@example.org',
  operations: [thirdPartyOperation(['PAYMENT', 'REFUND', 'PARTNER_FEE'])],
  products: ['EXPRESS_CHECKOUT'],
  legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
  partner_config_override: { return_url: 'https://partner.example.com/onboarded' },
};

/** Partner referrals v1 (deprecated) and v2, merchant integrations, and the onboarding helpers. */
export const PARTNER_REFERRALS_ENDPOINTS = {
  createV1: defineEndpoint({
    method: 'POST',
    path: '/v1/customer/partner-referrals',
    operationId: 'partner-referrals.v1.create',
    summary: 'Create partner referral (v1): links self and action_url',
    tag: TAG,
    scope: SCOPES.partnerReferrals,
    body: ReferralV1Schema,
    deprecated: V1_DEPRECATED,
    responses: {
      201: 'links: self and action_url (carries the referral token)',
      400: 'A validation failure',
    },
    example: {
      customer_data: {
        customer_type: 'MERCHANT',
        person_details: { email_address: 'new-seller@example.org' },
        partner_specific_identifiers: [{ type: 'TRACKING_ID', value: 'seller-0001' }],
      },
      requested_capabilities: [
        {
          capability: 'API_INTEGRATION',
          api_integration_preference: {
            partner_id: 'PARTNER_ID',
            classic_api_integration_type: 'THIRD_PARTY',
            classic_third_party_details: { permission_list: ['EXPRESS_CHECKOUT', 'REFUND', 'PARTNER_FEE'] },
          },
        },
      ],
      web_experience_preference: { return_url: 'https://partner.example.com/onboarded' },
      collected_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
      products: ['EXPRESS_CHECKOUT'],
    },
  }),
  showV1: defineEndpoint({
    method: 'GET',
    path: '/v1/customer/partner-referrals/:partner_referral_id',
    operationId: 'partner-referrals.v1.get',
    summary: 'Show referral data (v1)',
    tag: TAG,
    scope: SCOPES.partnerReferrals,
    params: ReferralIdParams,
    deprecated: V1_DEPRECATED,
    responses: {
      200: 'partner_referral_id, submitter_payer_id, referral_data, links',
      404: 'No such referral',
    },
  }),
  createV2: defineEndpoint({
    method: 'POST',
    path: '/v2/customer/partner-referrals',
    operationId: 'partner-referrals.v2.create',
    summary: 'Create partner referral (v2): links self and action_url',
    tag: TAG,
    scope: SCOPES.partnerReferrals,
    body: ReferralV2Schema,
    responses: { 201: 'links: self and action_url', 400: 'A validation failure' },
    example: V2_EXAMPLE,
  }),
  showV2: defineEndpoint({
    method: 'GET',
    path: '/v2/customer/partner-referrals/:partner_referral_id',
    operationId: 'partner-referrals.v2.get',
    summary: 'Show referral data (v2)',
    tag: TAG,
    scope: SCOPES.partnerReferrals,
    params: ReferralIdParams,
    responses: {
      200: 'partner_referral_id, submitter_payer_id, referral_data, links',
      404: 'No such referral',
    },
  }),
  integrationByTracking: defineEndpoint({
    method: 'GET',
    path: '/v1/customer/partners/:partner_id/merchant-integrations',
    operationId: 'merchant-integrations.find',
    summary: 'Find the seller onboarded with a tracking_id (documented status 201)',
    tag: TAG,
    scope: SCOPES.merchantIntegrations,
    params: PartnerParams,
    query: TrackingQuery,
    responses: {
      201: 'merchant_id, tracking_id, links',
      403: "Not the caller's partner id",
      404: 'No seller onboarded with it',
    },
  }),
  integration: defineEndpoint({
    method: 'GET',
    path: '/v1/customer/partners/:partner_id/merchant-integrations/:merchant_id',
    operationId: 'merchant-integrations.get',
    summary: "Show the seller's status: payments_receivable, products, capabilities, granted permissions",
    tag: TAG,
    scope: SCOPES.merchantIntegrations,
    params: PartnerMerchantParams,
    responses: {
      200: 'The seller status',
      403: "Not the caller's partner id",
      404: 'Not a seller of this partner',
    },
  }),
  onboard: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/partner-referrals/:partner_referral_id/onboard',
    operationId: 'sandbox.partner-referrals.onboard',
    summary: 'Complete a referral as the seller would on its onboarding page (sign up or sign in, grant)',
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    params: ReferralIdParams,
    body: OnboardSchema,
    responses: {
      201: 'merchant_id and the return_url the browser would go to',
      422: 'Already completed, or the account cannot be used',
    },
    example: { email: 'new-seller@example.org', business_name: 'New Seller LLC', mode: 'SIGN_UP' },
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/merchant-integrations/:merchant_id/revoke',
    operationId: 'sandbox.merchant-integrations.revoke',
    summary: "Revoke the seller's consent to the calling partner (as the seller would in its account)",
    tag: 'Sandbox control',
    scope: SCOPES.testHelpers,
    params: MerchantParams,
    body: z.object({}).optional(),
    bodyOptional: true,
    responses: {
      200: 'The merchant integration, REVOKED',
      404: 'Not a seller of this partner',
      422: 'Already revoked',
    },
  }),
};

export type OnboardRequest = z.infer<typeof OnboardSchema>;
