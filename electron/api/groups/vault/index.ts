import { vaultShared } from '../../../../shared/api/vault/index.js';
import { paymentTokenMachine, setupTokenMachine } from '../../../../shared/api/vault/machines.js';
import type { GroupDeps } from '../../group-deps.js';
import { defineResourceKind, type GroupModule } from '../../group-module.js';
import type { OrderVault } from '../orders-v2/index.js';
import { registerVaultPages } from './buyer-pages.js';
import { vaultEvents } from './events.js';
import { VaultOnboarding } from './onboarding.js';
import { orderVault } from './order-vault.js';
import { PaymentTokensService } from './payment-tokens-service.js';
import { vaultRoutes } from './routes.js';
import { SetupTokensService } from './setup-tokens-service.js';
import { vaultTestHelpers } from './test-helpers.js';
import {
  PAYMENT_TOKEN_KIND,
  SETUP_TOKEN_KIND,
  type StoredPaymentToken,
  type StoredSetupToken,
} from './types.js';
import { paymentTokenLinks, paymentTokenView, setupTokenLinks, setupTokenView } from './views.js';

export { PAYMENT_TOKEN_CREATED, PAYMENT_TOKEN_DELETED } from './events.js';
export { vaultCsrfToken } from './buyer-pages.js';
export type { StoredPaymentToken, StoredSetupToken } from './types.js';

/**
 * Payment method tokens v3 (spec 2.7, 4.7): setup tokens (a wallet's approved by the buyer on the
 * vault's buyer page), payment tokens, and the sandbox's onboarding toggle. Orders use the vault
 * through `orders` (vault_id, store_in_vault).
 */
export function defineVault(deps: GroupDeps): GroupModule & { orders: OrderVault } {
  const onboarding = new VaultOnboarding(deps.store.meta);
  const setupTokens = new SetupTokensService(deps, onboarding);
  const paymentTokens = new PaymentTokensService(deps, onboarding, setupTokens);
  const present = (token: StoredPaymentToken, baseUrl: string) => deps.kinds.present(token, baseUrl);
  return {
    name: 'vault',
    shared: vaultShared,
    orders: orderVault(onboarding, paymentTokens),
    routes: [
      ...vaultRoutes(setupTokens, paymentTokens, onboarding, present),
      ...vaultTestHelpers(onboarding, deps.store),
    ],
    pages: (app, table) => registerVaultPages(app, table, setupTokens, paymentTokens, deps.store),
    resourceKinds: [
      defineResourceKind<StoredSetupToken>({
        kind: SETUP_TOKEN_KIND,
        machine: setupTokenMachine,
        view: setupTokenView,
        links: setupTokenLinks,
        summary: () => ({}),
        rootKind: SETUP_TOKEN_KIND,
      }),
      defineResourceKind<StoredPaymentToken>({
        kind: PAYMENT_TOKEN_KIND,
        machine: paymentTokenMachine,
        view: paymentTokenView,
        links: paymentTokenLinks,
        summary: () => ({}),
        rootKind: PAYMENT_TOKEN_KIND,
      }),
    ],
    events: vaultEvents(present),
    reset: () => onboarding.reset(),
  };
}
