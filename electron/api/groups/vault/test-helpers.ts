import { VAULT_ENDPOINTS as E } from '../../../../shared/api/vault/endpoints.js';
import type { Store } from '../../../store/store.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import type { VaultOnboarding } from './onboarding.js';

/**
 * The sandbox's vault onboarding toggle: how a merchant comes to be "not onboarded to the vault" (spec
 * part 7's 403). Without `merchant_id` it acts on the caller's own merchant.
 */
export function vaultTestHelpers(onboarding: VaultOnboarding, store: Store): AnyRoute[] {
  return [
    defineRoute(E.readOnboarding, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ ctx }) => ({
        status: 200,
        body: { merchant_id: ctx.merchant.id, vault_enabled: onboarding.isEnabled(ctx.merchant.id) },
      }),
    }),
    defineRoute(E.setOnboarding, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body, ctx }) => {
        const merchantId = body.merchant_id ?? ctx.merchant.id;
        const account = store.accounts.byId(merchantId);
        if (!account || account.type !== 'BUSINESS') {
          throw unprocessable(
            detail('PAYEE_ACCOUNT_INVALID', {
              field: '/merchant_id',
              value: merchantId,
              location: 'body',
              description: 'Only a sandbox business account can be onboarded to the vault.',
            }),
          );
        }
        onboarding.set(merchantId, body.vault_enabled);
        return { status: 200, body: { merchant_id: merchantId, vault_enabled: body.vault_enabled } };
      },
    }),
  ];
}
