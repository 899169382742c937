import type { ReferralV1Request } from './schemas-v1.js';
import type { ReferralV2Request, ThirdPartyFeature } from './schemas-v2.js';

/**
 * The rules of spec 2.14 that span fields (the schemas check each field on its own): exactly one primary
 * owner, capabilities only with products and their prerequisites, integration preferences that match
 * their type. Pure: the host answers 400 with these; the Partners page checks its form with them.
 */

export interface RuleProblem {
  field: string;
  issue:
    | 'PRIMARY_OWNER_REQUIRED'
    | 'CAPABILITY_REQUIRES_PRODUCTS'
    | 'CAPABILITY_PREREQUISITE_MISSING'
    | 'PRODUCT_PREREQUISITE_MISSING'
    | 'MISSING_REQUIRED_PARAMETER'
    | 'INVALID_PARAMETER_VALUE';
  description: string;
}

/** Products that carry the wallet checkout (what ADVANCED_VAULTING and wallet vaulting build on). */
const CHECKOUT_PRODUCTS = ['EXPRESS_CHECKOUT', 'PPCP'];

function productRules(products: readonly string[], at: string): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const seen = new Set<string>();
  products.forEach((product, index) => {
    if (seen.has(product))
      problems.push({
        field: `${at}/${index}`,
        issue: 'INVALID_PARAMETER_VALUE',
        description: `${product} is listed twice.`,
      });
    seen.add(product);
  });
  const vaulting = products.indexOf('ADVANCED_VAULTING');
  if (vaulting >= 0 && !products.some((p) => CHECKOUT_PRODUCTS.includes(p))) {
    problems.push({
      field: `${at}/${vaulting}`,
      issue: 'PRODUCT_PREREQUISITE_MISSING',
      description: 'ADVANCED_VAULTING must be requested with EXPRESS_CHECKOUT or PPCP.',
    });
  }
  return problems;
}

/** What each capability needs among the products. */
const CAPABILITY_NEEDS: Readonly<
  Record<string, { ok(products: readonly string[]): boolean; needs: string }>
> = {
  SVC_WALLET_VAULTING_ADVANCED: {
    ok: (p) => p.includes('ADVANCED_VAULTING') && p.some((x) => CHECKOUT_PRODUCTS.includes(x)),
    needs: 'ADVANCED_VAULTING with EXPRESS_CHECKOUT or PPCP',
  },
  PAY_UPON_INVOICE: { ok: (p) => p.includes('PAYMENT_METHODS'), needs: 'PAYMENT_METHODS' },
  APPLE_PAY: { ok: (p) => p.includes('PAYMENT_METHODS'), needs: 'PAYMENT_METHODS' },
  GOOGLE_PAY: { ok: (p) => p.includes('PAYMENT_METHODS'), needs: 'PAYMENT_METHODS' },
};

export function referralV2Problems(request: ReferralV2Request): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const owners = request.individual_owners ?? [];
  const primaries = owners.filter((o) => o.type === 'PRIMARY').length;
  if (owners.length > 0 && primaries !== 1) {
    problems.push({
      field: '/individual_owners',
      issue: 'PRIMARY_OWNER_REQUIRED',
      description: `Exactly one owner has type PRIMARY; ${primaries} do.`,
    });
  }
  const products = request.products ?? [];
  problems.push(...productRules(products, '/products'));
  const capabilities = request.capabilities ?? [];
  if (capabilities.length > 0 && request.products === undefined) {
    problems.push({
      field: '/capabilities',
      issue: 'CAPABILITY_REQUIRES_PRODUCTS',
      description: 'capabilities can only be requested together with products.',
    });
  } else {
    capabilities.forEach((capability, index) => {
      const rule = CAPABILITY_NEEDS[capability];
      if (rule && !rule.ok(products)) {
        problems.push({
          field: `/capabilities/${index}`,
          issue: 'CAPABILITY_PREREQUISITE_MISSING',
          description: `${capability} needs the product ${rule.needs}.`,
        });
      }
    });
  }
  request.operations.forEach((operation, index) => {
    const at = `/operations/${index}/api_integration_preference`;
    if (operation.operation !== 'API_INTEGRATION') return;
    const rest = operation.api_integration_preference?.rest_api_integration;
    if (!rest) {
      problems.push({
        field: at,
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'API_INTEGRATION needs api_integration_preference.rest_api_integration.',
      });
      return;
    }
    if (rest.integration_type === 'THIRD_PARTY' && !rest.third_party_details) {
      problems.push({
        field: `${at}/rest_api_integration/third_party_details`,
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'A THIRD_PARTY integration names the features it asks for in third_party_details.',
      });
    }
    if (rest.integration_type === 'FIRST_PARTY' && !rest.first_party_details) {
      problems.push({
        field: `${at}/rest_api_integration/first_party_details`,
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'A FIRST_PARTY integration gives first_party_details (features and seller_nonce).',
      });
    }
  });
  return problems;
}

export function referralV1Problems(request: ReferralV1Request): RuleProblem[] {
  const problems: RuleProblem[] = productRules(request.products, '/products');
  request.requested_capabilities.forEach((capability, index) => {
    const at = `/requested_capabilities/${index}/api_integration_preference`;
    if (capability.capability !== 'API_INTEGRATION') return;
    const preference = capability.api_integration_preference;
    if (!preference) {
      problems.push({
        field: at,
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'API_INTEGRATION needs api_integration_preference with partner_id.',
      });
      return;
    }
    if (
      preference.classic_api_integration_type === 'THIRD_PARTY' &&
      !preference.classic_third_party_details
    ) {
      problems.push({
        field: `${at}/classic_third_party_details`,
        issue: 'MISSING_REQUIRED_PARAMETER',
        description:
          'A THIRD_PARTY integration lists its permissions in classic_third_party_details.permission_list.',
      });
    }
  });
  return problems;
}

/** The classic v1 permissions as the REST features they grant. */
const V1_PERMISSION_FEATURES: Readonly<Record<string, ThirdPartyFeature>> = {
  EXPRESS_CHECKOUT: 'PAYMENT',
  AUTH_CAPTURE: 'PAYMENT',
  DIRECT_PAYMENT: 'DIRECT_PAYMENT',
  REFUND: 'REFUND',
  PARTNER_FEE: 'PARTNER_FEE',
  TRANSACTION_SEARCH: 'ADVANCED_TRANSACTIONS_SEARCH',
  TRANSACTION_DETAILS: 'ADVANCED_TRANSACTIONS_SEARCH',
  ACCOUNT_BALANCE: 'ACCESS_MERCHANT_INFORMATION',
  ACCESS_BASIC_PERSONAL_DATA: 'ACCESS_MERCHANT_INFORMATION',
  REFERENCE_TRANSACTION: 'FUTURE_PAYMENT',
  RECURRING_PAYMENTS: 'FUTURE_PAYMENT',
  BILLING_AGREEMENT: 'BILLING_AGREEMENT',
};

/** The third-party features a v2 referral asks the seller to grant. */
export function requestedFeaturesV2(request: ReferralV2Request): ThirdPartyFeature[] {
  const features = request.operations.flatMap((op) => {
    const rest = op.api_integration_preference?.rest_api_integration;
    return rest?.integration_type === 'THIRD_PARTY' ? (rest.third_party_details?.features ?? []) : [];
  });
  return [...new Set(features)];
}

export function requestedFeaturesV1(request: ReferralV1Request): ThirdPartyFeature[] {
  const features = request.requested_capabilities.flatMap((capability) => {
    const preference = capability.api_integration_preference;
    if (
      capability.capability !== 'API_INTEGRATION' ||
      preference?.classic_api_integration_type !== 'THIRD_PARTY'
    )
      return [];
    return (preference.classic_third_party_details?.permission_list ?? []).flatMap((p) => {
      const feature = V1_PERMISSION_FEATURES[p];
      return feature ? [feature] : [];
    });
  });
  return [...new Set(features)];
}

/** True when the caller granted SHARE_DATA_CONSENT (without it no customer data is stored). */
export const sharesData = (consents: readonly { type: string; granted: boolean }[]): boolean =>
  consents.some((c) => c.type === 'SHARE_DATA_CONSENT' && c.granted);
