import type { ApiHarness, Reply } from '../../../test-support/api-harness.js';

/** Shared pieces of the accounts and partner tests: the helper paths and small request builders. */

export const ACCOUNTS = '/v1/test-helpers/accounts';

export const createAccount = (api: ApiHarness, body: Record<string, unknown>): Promise<Reply> =>
  api.request('POST', ACCOUNTS, { body });

/** A business account with the given opening USD balance; answers its id. */
export async function seller(api: ApiHarness, email: string, usd = '0.00'): Promise<string> {
  const reply = await createAccount(api, {
    email,
    type: 'BUSINESS',
    balances: [{ currency_code: 'USD', value: usd }],
  });
  if (reply.status !== 201) throw new Error(`account create failed: ${reply.status} ${reply.text}`);
  return reply.body.account_id as string;
}

/** An account's balance of one currency, as the helpers read it from the ledger. */
export async function balanceOf(
  api: ApiHarness,
  accountId: string,
  currency = 'USD',
): Promise<string | undefined> {
  const reply = await api.request('GET', `${ACCOUNTS}/${accountId}`);
  const balances = reply.body.balances as { currency_code: string; value: string }[];
  return balances.find((b) => b.currency_code === currency)?.value;
}
