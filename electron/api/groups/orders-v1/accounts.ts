import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';

/**
 * ACCOUNT_CANNOT_BE_FETCHED (spec part 7, orders v1): a payee or a partner-fee receiver must be a
 * sandbox business account, the only kind that can receive an order's money.
 */
export function businessAccount(store: Store, email: string, field: string): Account {
  const account = store.accounts.byEmail(email);
  if (!account || account.type !== 'BUSINESS') {
    throw unprocessable(
      detail('ACCOUNT_CANNOT_BE_FETCHED', {
        field,
        value: email,
        location: 'body',
        description: `The account ${email} cannot be fetched: it is not a sandbox business account.`,
      }),
    );
  }
  return account;
}

/** The account by id when it is still a business account (pay re-checks what create resolved). */
export function stillBusiness(store: Store, id: string | undefined): Account | undefined {
  const account = id ? store.accounts.byId(id) : undefined;
  return account && account.type === 'BUSINESS' ? account : undefined;
}
