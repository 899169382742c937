import { issuesOf } from '../issue.js';

/** Partner referrals, merchant integrations and acting for a merchant: their issues. */
export const PARTNER_REFERRALS_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    PRIMARY_OWNER_REQUIRED: 'individual_owners holds exactly one owner of type PRIMARY.',
    CAPABILITY_REQUIRES_PRODUCTS: 'capabilities can only be requested together with products.',
    CAPABILITY_PREREQUISITE_MISSING: 'A capability needs a product that was not requested.',
    PRODUCT_PREREQUISITE_MISSING: 'ADVANCED_VAULTING must be requested with EXPRESS_CHECKOUT or PPCP.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    PAYEE_NOT_CONSENTED:
      'The seller has not granted the API caller consent (or the permission) to act on its behalf.',
    ASSERTION_ISSUER_MISMATCH: "The Svc-Auth-Assertion's iss is not the calling app's client id.",
    PARTNER_ID_MISMATCH: "The partner id is not the calling app's merchant id.",
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    REFERRAL_ALREADY_COMPLETED: 'A seller already onboarded through this referral; create a new one.',
    CONSENT_ALREADY_REVOKED: "The seller's consent to this partner was already revoked.",
    INVALID_PLATFORM_FEES_AMOUNT:
      'A platform fee must be in the currency of the unit and not above its amount.',
    INVALID_PLATFORM_FEES_ACCOUNT: 'The platform fee payee must be a business account other than the payee.',
  }),
};
