import {
  merchantIntegrationMachine,
  partnerReferralMachine,
} from '../../../../shared/api/partner-referrals/machines.js';
import { partnerReferralsShared } from '../../../../shared/api/partner-referrals/index.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import type { AccountsService } from '../accounts/index.js';
import { PARTNER_EVENTS } from './events.js';
import { IntegrationsService } from './integrations-service.js';
import { registerOnboardingPage } from './onboarding-page.js';
import { ReferralsService } from './referrals-service.js';
import { partnerRoutes } from './routes.js';
import type { StoredIntegration, StoredReferral } from './types.js';
import { integrationLinks, integrationView, referralLinks, referralView } from './views.js';

export { ONBOARDING_PATH } from './views.js';
export { onboardingCsrfToken } from './onboarding-page.js';
export { ONBOARDING_COMPLETED, PARTNER_CONSENT_REVOKED, SELLER_CONSENT_GRANTED } from './events.js';

/**
 * Partner referrals v1 (deprecated) and v2, the seller's onboarding page, and merchant integrations
 * (spec 2.14, 4.11). Onboarding creates sellers through the accounts group and links them to the
 * partner; the pipeline's `Svc-Auth-Assertion` step reads that link.
 */
export function definePartnerReferrals(deps: GroupDeps, accounts: AccountsService): GroupModule {
  const referrals = new ReferralsService(deps, accounts);
  const integrations = new IntegrationsService(deps);
  return {
    name: 'partner-referrals',
    shared: partnerReferralsShared,
    routes: partnerRoutes(referrals, integrations, deps.store),
    pages: (app, table) => registerOnboardingPage(app, table, referrals, deps.store, deps.mailbox),
    resourceKinds: [
      defineResourceKind<StoredReferral>({
        kind: 'partner-referral',
        machine: partnerReferralMachine,
        view: referralView,
        links: referralLinks,
        summary: () => ({}),
        rootKind: 'partner-referral',
      }),
      defineResourceKind<StoredIntegration>({
        kind: 'merchant-integration',
        machine: merchantIntegrationMachine,
        view: (integration) => integrationView(integration, deps.store),
        links: integrationLinks,
        summary: () => ({}),
        rootKind: 'merchant-integration',
      }),
    ],
    events: PARTNER_EVENTS,
  };
}
