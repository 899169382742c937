import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { PARTNER_REFERRALS_ENDPOINTS } from './endpoints.js';
import { PARTNER_REFERRALS_ISSUES } from './issues.js';
import { merchantIntegrationMachine, partnerReferralMachine } from './machines.js';

export * from './schemas-v1.js';
export * from './schemas-v2.js';
export * from './referral-rules.js';
export * from './third-party-operation.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';

/** Partner referrals v1 and v2, merchant integrations: what both sides know of them. */
export const partnerReferralsShared = defineSharedGroup({
  name: 'partner-referrals',
  issues: PARTNER_REFERRALS_ISSUES,
  machines: {
    'partner-referral': partnerReferralMachine,
    'merchant-integration': merchantIntegrationMachine,
  },
  endpoints: Object.values(PARTNER_REFERRALS_ENDPOINTS),
  scopes: [SCOPES.partnerReferrals, SCOPES.merchantIntegrations],
});
