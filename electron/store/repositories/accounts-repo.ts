import type { Money } from '../../../shared/money.js';
import type { Database } from '../db.js';

/** A sandbox card as kept: what identifies it to its holder, never its number (only its last four digits). */
export interface SandboxCard {
  brand: string;
  last_digits: string;
  expiry: string;
  name: string;
  /** Set by the billing test helper: recurring payments by this card are declined. */
  declines?: boolean;
}

/** A bank account the sandbox account can withdraw to (only its last digits are ever shown). */
/** A sandbox bank account as kept: its number only as its last four digits. */
export interface SandboxBankAccount {
  bank_name: string;
  account_number_last_digits: string;
  routing_number: string;
  account_type: 'CHECKING' | 'SAVINGS';
}

/**
 * A seller's consent to a partner (granted on the onboarding page of a partner referral): the partner
 * may act for it with `Svc-Auth-Assertion` within `features` (PAYMENT, REFUND, PARTNER_FEE, ...).
 */
export interface PartnerLink {
  /** The partner's account id (the merchant of the partner's REST app). */
  partner_id: string;
  /** The client id of the partner's REST app that onboarded the seller (absent for seeded links). */
  partner_client_id?: string;
  tracking_id: string;
  referral_id?: string;
  products: string[];
  capabilities: string[];
  /** The third-party features granted (API_INTEGRATION / THIRD_PARTY `features`). */
  features: string[];
  granted_at: string;
  /** Set when the seller revoked the consent: the link stays for history, acting is refused. */
  revoked_at?: string;
}

/** A sandbox account: a business (merchant, payee) or a personal one (buyer, payer). */
export interface Account {
  id: string;
  email: string;
  type: 'BUSINESS' | 'PERSONAL';
  name: { given_name: string; surname: string };
  business_name?: string;
  country_code: string;
  address: {
    address_line_1: string;
    admin_area_2: string;
    admin_area_1: string;
    postal_code: string;
    country_code: string;
  };
  /**
   * The opening balances the account was created with (the ledger holds them as opening lines and
   * every later movement: read balances from the ledger). The first entry's currency is the primary one.
   */
  balances: Money[];
  cards: SandboxCard[];
  bank_accounts?: SandboxBankAccount[];
  /** Partners this (business) account granted consent to. */
  partners?: PartnerLink[];
  primary_email_confirmed?: boolean;
  /** Business permissions; `donations` allows item category DONATION. */
  permissions: { donations: boolean };
  seeded: boolean;
}

export class AccountsRepository {
  /** Bumped on every write, so caches of accounts know when to drop what they hold. */
  version = 0;

  constructor(private readonly store: Database) {}

  upsert(account: Account): void {
    this.written();
    this.store
      .write(
        `INSERT INTO accounts (id, email, type, body) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET email = excluded.email, type = excluded.type, body = excluded.body`,
      )
      .run(account.id, account.email, account.type, JSON.stringify(account));
  }

  byId(id: string): Account | undefined {
    const row = this.store.prepare('SELECT body FROM accounts WHERE id = ?').get(id) as
      { body: string } | undefined;
    return row ? (JSON.parse(row.body) as Account) : undefined;
  }

  byEmail(email: string): Account | undefined {
    const row = this.store.prepare('SELECT body FROM accounts WHERE email = ? COLLATE NOCASE').get(email) as
      { body: string } | undefined;
    return row ? (JSON.parse(row.body) as Account) : undefined;
  }

  list(): Account[] {
    return (
      this.store.prepare('SELECT body FROM accounts ORDER BY type, email').all() as { body: string }[]
    ).map((r) => JSON.parse(r.body) as Account);
  }

  /** Removes one account (the caller refuses seeded ones and those an app acts for). */
  delete(id: string): boolean {
    this.written();
    return Number(this.store.write('DELETE FROM accounts WHERE id = ?').run(id).changes) > 0;
  }

  deleteNotSeeded(): void {
    this.written();
    this.store
      .write(
        `DELETE FROM accounts WHERE json_extract(body, '$.seeded') = 0 AND id NOT IN (SELECT merchant_id FROM apps)`,
      )
      .run();
  }

  /**
   * Bumps the version for a write, and again if that write is rolled back: a cache filled in between
   * (from rows that are then undone) must not survive the rollback.
   */
  private written(): void {
    this.store.assertInTransaction('An account write');
    this.version++;
    this.store.onRollback(() => this.version++);
  }
}
