import type { Link } from '../../pipeline/links.js';
import type { Store } from '../../../store/store.js';
import type { StoredIntegration, StoredReferral } from './types.js';

/** The onboarding page the action URL opens (the platform's path, on this host). */
export const ONBOARDING_PATH = '/merchantsignup/partner/onboardingentry';

export const referralPath = (referral: StoredReferral): string =>
  `/${referral.internal.version}/customer/partner-referrals/${referral.id}`;

/** The create call's answer: `self` (the referral data) and `action_url` (the seller goes there). */
export function referralLinks(referral: StoredReferral, baseUrl: string): (Link & { description: string })[] {
  return [
    {
      href: `${baseUrl}${referralPath(referral)}`,
      rel: 'self',
      method: 'GET',
      description: 'Read Referral Data shared by the Caller.',
    },
    {
      href: `${baseUrl}${ONBOARDING_PATH}?token=${encodeURIComponent(referral.id)}`,
      rel: 'action_url',
      method: 'GET',
      description: 'Target WEB REST API URL to navigate the customer to onboard.',
    },
  ];
}

export function referralView(referral: StoredReferral): Record<string, unknown> {
  return { ...referral.body };
}

/** Scope URIs a granted third-party feature gives the partner on the seller's account. */
const FEATURE_SCOPES: Readonly<Record<string, string>> = {
  PAYMENT: 'https://uri.svc.example/services/payments/realtimepayment',
  REFUND: 'https://uri.svc.example/services/payments/refund',
  PARTNER_FEE: 'https://uri.svc.example/services/payments/partnerfee',
  DELAY_FUNDS_DISBURSEMENT: 'https://uri.svc.example/services/payments/delay-funds-disbursement',
  FUTURE_PAYMENT: 'https://uri.svc.example/services/payments/futurepayments',
  DIRECT_PAYMENT: 'https://uri.svc.example/services/payments/directpayment',
  READ_SELLER_DISPUTE: 'https://uri.svc.example/services/disputes/read-seller',
  UPDATE_SELLER_DISPUTE: 'https://uri.svc.example/services/disputes/update-seller',
  ADVANCED_TRANSACTIONS_SEARCH: 'https://uri.svc.example/services/reporting/search/read',
  ACCESS_MERCHANT_INFORMATION: 'https://uri.svc.example/services/customer/merchant-integrations/read',
  TRACKING_SHIPMENT_READWRITE: 'https://uri.svc.example/services/shipping/trackers/readwrite',
  INVOICE_READ_WRITE: 'https://uri.svc.example/services/invoicing',
  VAULT: 'https://uri.svc.example/services/vault/payment-tokens/readwrite',
  BILLING_AGREEMENT: 'https://uri.svc.example/services/billing-agreements',
  SWEEP_FUNDS_EXTERNAL_SINK: 'https://uri.svc.example/services/payments/sweep-funds',
};

export const integrationPath = (integration: StoredIntegration): string =>
  `/v1/customer/partners/${integration.body.partner_id}/merchant-integrations/${integration.body.merchant_id}`;

/** The documented 201 of the find-by-tracking-id call. */
export function trackingView(integration: StoredIntegration, baseUrl: string): Record<string, unknown> {
  return {
    merchant_id: integration.body.merchant_id,
    tracking_id: integration.body.tracking_id,
    links: [
      {
        href: `${baseUrl}${integrationPath(integration)}`,
        rel: 'read',
        method: 'GET',
        description: 'Main endpoint to get merchant status',
      },
    ],
  };
}

/**
 * The seller's status as the platform answers it: whether it can receive payments, its confirmed
 * e-mail, the products and capabilities it was onboarded with, and the permissions it granted this
 * partner (none once revoked).
 */
export function integrationView(integration: StoredIntegration, store: Store): Record<string, unknown> {
  const account = store.accounts.byId(integration.body.merchant_id);
  const link = account?.partners?.find((l) => l.partner_id === integration.body.partner_id);
  const active = integration.status === 'ACTIVE' && !!link && !link.revoked_at;
  const capabilities = link?.capabilities ?? [];
  return {
    merchant_id: integration.body.merchant_id,
    tracking_id: integration.body.tracking_id,
    legal_name: account?.business_name ?? account?.email ?? '',
    primary_email: account?.email ?? '',
    primary_email_confirmed: account?.primary_email_confirmed ?? false,
    payments_receivable: !!account,
    country: account?.country_code ?? '',
    products: (link?.products ?? []).map((name) => ({
      name,
      vetting_status: 'SUBSCRIBED',
      status: 'ACTIVE',
      capabilities,
    })),
    capabilities: capabilities.map((name) => ({ name, status: 'ACTIVE' })),
    oauth_integrations: active
      ? [
          {
            integration_type: 'OAUTH_THIRD_PARTY',
            integration_method: 'SVC',
            status: 'ACTIVE',
            oauth_third_party: [
              {
                partner_client_id: integration.body.partner_client_id,
                scopes: link.features.flatMap((f) => (FEATURE_SCOPES[f] ? [FEATURE_SCOPES[f]] : [])),
              },
            ],
          },
        ]
      : [],
    granted_permissions: active ? link.features : [],
  };
}

export function integrationLinks(integration: StoredIntegration, baseUrl: string): Link[] {
  return [{ href: `${baseUrl}${integrationPath(integration)}`, rel: 'self', method: 'GET' }];
}
