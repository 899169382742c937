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
  catalog: 'https://uri.svc.example/services/catalog/products',
  subscriptions: 'https://uri.svc.example/services/subscriptions',
  billingAgreements: 'https://uri.svc.example/services/payments/billing-agreements',
  openid: 'openid',
} as const;

export type ScopeName = keyof typeof SCOPES;
