import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const AccountsPage = lazyPage(() => import('./accounts-page'), 'AccountsPage');

/** Sandbox accounts: buyers and sellers with their ledger balances, top-ups and drains. */
export const accountsFeature = defineFeature({
  name: 'accounts',
  nav: [{ section: 'Merchants', path: 'accounts', label: 'Accounts' }],
  routes: { accounts: { list: AccountsPage } },
});
