import type { SandboxAccountView } from '../../../../shared/api/accounts/schemas.js';
import { fromMinor } from '../../../../shared/money.js';
import type { Ledger } from '../../../ledger/ledger.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';

export const ACCOUNTS_PATH = '/v1/test-helpers/accounts';

/** Every currency the account has: its opening currencies first (the primary one leads), then the ledger's. */
export function accountCurrencies(account: Account, ledger: Ledger): string[] {
  return [
    ...new Set([...account.balances.map((b) => b.currency_code), ...ledger.reads.currencies(account.id)]),
  ];
}

/**
 * An account as the helpers show it: balances from the ledger (never the stored opening figures),
 * cards and bank accounts by their last digits only.
 */
export function accountView(
  account: Account,
  ledger: Ledger,
  nowMs: number,
  baseUrl: string,
): SandboxAccountView {
  const self = `${baseUrl}${ACCOUNTS_PATH}/${account.id}`;
  return {
    account_id: account.id,
    email: account.email,
    type: account.type,
    name: account.name,
    ...(account.business_name ? { business_name: account.business_name } : {}),
    country_code: account.country_code,
    balances: accountCurrencies(account, ledger).map((currency) => ({
      currency_code: currency,
      value: fromMinor(ledger.reads.balance(account.id, currency, nowMs), currency),
    })),
    cards: account.cards.map((card) => ({
      brand: card.brand,
      last_digits: card.last_digits,
      expiry: card.expiry,
      ...(card.name ? { name: card.name } : {}),
    })),
    bank_accounts: (account.bank_accounts ?? []).map((bank) => ({
      bank_name: bank.bank_name,
      account_number_last_digits: bank.account_number_last_digits,
      routing_number: bank.routing_number,
      account_type: bank.account_type,
    })),
    donations_allowed: account.permissions.donations,
    primary_email_confirmed: account.primary_email_confirmed ?? true,
    seeded: account.seeded,
    partners: (account.partners ?? []).map((link) => ({
      partner_id: link.partner_id,
      tracking_id: link.tracking_id,
      products: link.products,
      capabilities: link.capabilities,
      features: link.features,
      granted_at: link.granted_at,
      ...(link.revoked_at ? { revoked_at: link.revoked_at } : {}),
    })),
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: self, rel: 'edit', method: 'PATCH' },
      { href: self, rel: 'delete', method: 'DELETE' },
      { href: `${self}/balance-adjustments`, rel: 'adjust', method: 'POST' },
    ],
  };
}
