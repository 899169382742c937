import type { SandboxAccountView } from '../../../../shared/api/accounts';
import type { ApiResponse } from '../../../../shared/bridge';
import { callApi } from '../../api/api-call';

/** The sandbox account helpers the Accounts page calls, through the bridge so they show in the request log. */

export const ACCOUNTS_PATH = '/v1/test-helpers/accounts';
export const accountPath = (id: string) => `${ACCOUNTS_PATH}/${encodeURIComponent(id)}`;

export async function listAccounts(): Promise<SandboxAccountView[]> {
  const response = await callApi({ method: 'GET', path: ACCOUNTS_PATH });
  return (response.body as { accounts: SandboxAccountView[] }).accounts;
}

export const createAccount = (body: Record<string, unknown>): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: ACCOUNTS_PATH, body });

export const deleteAccount = (id: string): Promise<ApiResponse> =>
  callApi({ method: 'DELETE', path: accountPath(id) });

/** A top-up (CREDIT) or drain (DEBIT): a new ledger line, never an edit of history. */
export const adjustBalance = (
  id: string,
  amount: { currency_code: string; value: string },
  direction: 'CREDIT' | 'DEBIT',
): Promise<ApiResponse> =>
  callApi({ method: 'POST', path: `${accountPath(id)}/balance-adjustments`, body: { amount, direction } });

/** `PATCH` of the members given (the helper changes nothing else). */
export const updateAccount = (id: string, body: Record<string, unknown>): Promise<ApiResponse> =>
  callApi({ method: 'PATCH', path: accountPath(id), body });
