/** OAuth scope URIs of the sandbox and the operations each one opens (spec part 5 leaves the mapping open). */
export const SCOPES = {
  orders: 'https://uri.svc.example/services/checkout/orders',
  payments: 'https://uri.svc.example/services/payments/payment',
  refunds: 'https://uri.svc.example/services/payments/refund',
  testHelpers: 'https://uri.svc.example/services/sandbox/test-helpers',
  webhooks: 'https://uri.svc.example/services/applications/webhooks',
  reporting: 'https://uri.svc.example/services/reporting/search/read',
  payouts: 'https://uri.svc.example/services/payments/payouts',
  referencedPayouts: 'https://uri.svc.example/services/payments/referenced-payouts',
  vault: 'https://uri.svc.example/services/vault/payment-tokens/readwrite',
  trackers: 'https://uri.svc.example/services/shipping/trackers/readwrite',
  invoicing: 'https://uri.svc.example/services/invoicing',
  partnerReferrals: 'https://uri.svc.example/services/customer/partner-referrals',
  merchantIntegrations: 'https://uri.svc.example/services/customer/merchant-integrations/read',
  catalog: 'https://uri.svc.example/services/catalog/products',
  subscriptions: 'https://uri.svc.example/services/subscriptions',
  billingAgreements: 'https://uri.svc.example/services/payments/billing-agreements',
  disputesRead: 'https://uri.svc.example/services/disputes/read-seller',
  disputesUpdate: 'https://uri.svc.example/services/disputes/update-seller',
  // The buyer's side of a dispute, which the sandbox lets the merchant's app play (accept or deny an offer).
  disputesUpdateBuyer: 'https://uri.svc.example/services/disputes/update-buyer',
  openid: 'openid',
  // OpenID Connect's standard claim scopes and the platform's own attributes (spec 2.18, part 5.6):
  // each opens some userinfo claims (shared/api/identity/claims.ts has the table).
  profile: 'profile',
  email: 'email',
  address: 'address',
  phone: 'phone',
  svcAttributes: 'https://uri.svc.example/services/svcattributes',
  scimUsers: 'https://uri.svc.example/services/identity/scim/users',
} as const;

export type ScopeName = keyof typeof SCOPES;
