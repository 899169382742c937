import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const AccountsPage = lazyPage(() => import('./accounts-page'), 'AccountsPage');

// The partners page picks a seller among the sandbox accounts.
export { listAccounts } from './accounts-api';

/** Sandbox accounts: buyers and sellers with their ledger balances, top-ups and drains. */
export const accountsFeature = defineFeature({
  name: 'accounts',
  nav: [{ section: 'Merchants', path: 'accounts', label: 'Accounts' }],
  routes: { accounts: { list: AccountsPage } },
});
