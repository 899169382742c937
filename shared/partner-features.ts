/**
 * The third-party features a seller can grant a partner (the platform's list, as partner referrals ask
 * for them in `third_party_details.features`). Granted features decide which operations the partner may
 * run for the seller with `Svc-Auth-Assertion`: every operation declares the ones it needs.
 */
export const THIRD_PARTY_FEATURES = [
  'PAYMENT',
  'REFUND',
  'FUTURE_PAYMENT',
  'DIRECT_PAYMENT',
  'PARTNER_FEE',
  'DELAY_FUNDS_DISBURSEMENT',
  'READ_SELLER_DISPUTE',
  'UPDATE_SELLER_DISPUTE',
  'ADVANCED_TRANSACTIONS_SEARCH',
  'SWEEP_FUNDS_EXTERNAL_SINK',
  'ACCESS_MERCHANT_INFORMATION',
  'TRACKING_SHIPMENT_READWRITE',
  'INVOICE_READ_WRITE',
  'VAULT',
  'BILLING_AGREEMENT',
] as const;
export type ThirdPartyFeature = (typeof THIRD_PARTY_FEATURES)[number];
