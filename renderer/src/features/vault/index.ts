import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const VaultCustomerPage = lazyPage(() => import('./vault-customer-page'), 'VaultCustomerPage');
const VaultPage = lazyPage(() => import('./vault-page'), 'VaultPage');

/** The vault (Payment method tokens v3): its customers, and each customer's payment tokens. */
export const vaultFeature = defineFeature({
  name: 'vault',
  nav: [{ section: 'Payments', path: 'vault', label: 'Vault' }],
  routes: { vault: { list: VaultPage, detail: VaultCustomerPage } },
});
