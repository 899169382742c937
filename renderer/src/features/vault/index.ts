import { defineFeature } from '../feature';
import { VaultCustomerPage } from './vault-customer-page';
import { VaultPage } from './vault-page';

/** The vault (Payment method tokens v3): its customers, and each customer's payment tokens. */
export const vaultFeature = defineFeature({
  name: 'vault',
  nav: [{ section: 'Payments', path: 'vault', label: 'Vault' }],
  routes: { vault: { list: VaultPage, detail: VaultCustomerPage } },
});
