import { accountsShared } from '../../../../shared/api/accounts/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { accountRoutes } from './routes.js';
import { AccountsService } from './service.js';

export type { AccountsService } from './service.js';
export { accountView, accountCurrencies } from './views.js';

/**
 * Sandbox accounts: the seeded merchant, buyer and charity and any created since, with balances the
 * ledger holds (opening lines, top-ups, drains). The partner referrals group creates sellers through
 * `api`; orders and payouts keep reading `store.accounts`.
 */
export function defineAccounts(deps: GroupDeps): GroupModule & { api: AccountsService } {
  const accounts = new AccountsService(deps);
  // A workspace made before balances lived in the ledger gets its opening lines once.
  accounts.ensureOpeningBalances();
  return {
    name: 'accounts',
    shared: accountsShared,
    api: accounts,
    routes: accountRoutes(accounts, deps.ledger, deps.clock),
    // The reset has emptied the ledger and re-seeded the accounts: their opening lines again.
    reset: () => accounts.ensureOpeningBalances(),
  };
}
