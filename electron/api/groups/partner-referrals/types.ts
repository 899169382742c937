import type { IntegrationStatus } from '../../../../shared/api/partner-referrals/machines.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

/** A partner referral as its read call shows it (spec 2.14): the request data, as far as it may be kept. */
export interface ReferralBody {
  partner_referral_id: string;
  submitter_payer_id: string;
  submitter_client_id: string;
  referral_data: Record<string, unknown>;
}

/** What onboarding needs from the referral, whichever version made it. */
export interface ReferralInternal {
  version: 'v1' | 'v2';
  partner_id: string;
  partner_client_id: string;
  tracking_id?: string;
  return_url?: string;
  products: string[];
  capabilities: string[];
  features: string[];
  /** Prefills of the onboarding form: only when SHARE_DATA_CONSENT was granted. */
  email?: string;
  business_name?: string;
  country_code?: string;
  shares_data: boolean;
  /** The seller that onboarded through it. */
  merchant_id?: string;
}

export type StoredReferral = StoredResource<ReferralBody, ReferralInternal>;

/** A seller's integration with a partner (the seller status read by merchant id). */
export interface IntegrationBody {
  merchant_id: string;
  tracking_id: string;
  partner_id: string;
  partner_client_id: string;
  partner_referral_id: string;
  status: IntegrationStatus;
  create_time: string;
  update_time: string;
}

export type StoredIntegration = StoredResource<IntegrationBody, Record<string, never>>;

/** The integration's id: one per seller and partner. */
export const integrationId = (partnerId: string, merchantId: string): string => `${partnerId}-${merchantId}`;
