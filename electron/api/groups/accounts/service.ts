import type {
  AccountCreateRequest,
  AccountUpdateRequest,
  BalanceAdjustmentRequest,
} from '../../../../shared/api/accounts/schemas.js';
import { newAccountId } from '../../../../shared/ids.js';
import { fromMinor, isSupportedCurrency, type Money } from '../../../../shared/money.js';
import { newTransactionId } from '../../../ledger/ledger-writer.js';
import type { Account, SandboxBankAccount, SandboxCard } from '../../../store/repositories/accounts-repo.js';
import { SEED_ACCOUNTS } from '../../../store/seed.js';
import type { GroupDeps } from '../../group-deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import { requestMinor } from '../../pipeline/money-errors.js';
import { cardBrand } from '../orders-v2/index.js';
import { ensureOpeningBalances, openingLines } from './opening-balances.js';

const body = (field: string) => ({ field, location: 'body' as const });

/** Exact minor units of each balance entry; a malformed or negative value is a 400 at its pointer. */
function balanceMinors(balances: readonly Money[], at: string): bigint[] {
  return balances.map((balance, index) => {
    const field = `${at}/${index}`;
    if (!isSupportedCurrency(balance.currency_code)) {
      throw invalidRequest(
        detail('CURRENCY_NOT_SUPPORTED', { ...body(`${field}/currency_code`), value: balance.currency_code }),
      );
    }
    const minor = requestMinor(balance.value, balance.currency_code, {
      ...body(`${field}/value`),
      value: balance.value,
    });
    if (minor < 0n) {
      throw invalidRequest(
        detail('INVALID_PARAMETER_VALUE', {
          ...body(`${field}/value`),
          value: balance.value,
          description: 'A balance cannot be negative.',
        }),
      );
    }
    return minor;
  });
}

const storedCards = (cards: AccountCreateRequest['cards'], fallbackName: string): SandboxCard[] =>
  (cards ?? []).map((card) => ({
    brand: cardBrand(card.number),
    last_digits: card.number.slice(-4),
    expiry: card.expiry,
    name: card.name ?? fallbackName,
  }));

const storedBanks = (banks: AccountCreateRequest['bank_accounts']): SandboxBankAccount[] =>
  (banks ?? []).map((bank) => ({
    bank_name: bank.bank_name ?? 'Sandbox Bank',
    account_number_last_digits: bank.account_number.slice(-4),
    routing_number: bank.routing_number,
    account_type: bank.account_type ?? 'CHECKING',
  }));

/**
 * The sandbox accounts: buyers (PERSONAL), sellers and partners (BUSINESS). The account row keeps who
 * the account is; its money is only in the ledger (opening lines, then every movement), so the
 * Accounts page, the balances report and the payout funding check agree.
 */
export class AccountsService {
  constructor(private readonly deps: GroupDeps) {}

  /**
   * Opening lines for accounts that have none (first start of a workspace, after a reset), and the
   * seeded partner consents for a workspace made before accounts had them (a consent the seller later
   * revoked is kept as it is: only an account that never had the field gets it).
   */
  ensureOpeningBalances(): void {
    this.deps.store.transaction(() => {
      for (const seed of SEED_ACCOUNTS) {
        const stored = this.deps.store.accounts.byId(seed.id);
        if (stored && seed.partners && stored.partners === undefined)
          this.deps.store.accounts.upsert({ ...stored, partners: seed.partners });
      }
      ensureOpeningBalances(this.deps.ledger, this.deps.store.accounts.list(), this.deps.clock.now());
    });
  }

  list(type?: Account['type']): Account[] {
    return this.deps.store.accounts.list().filter((a) => !type || a.type === type);
  }

  get(id: string): Account {
    const account = this.deps.store.accounts.byId(id);
    if (!account) throw notFound('account', id, 'account_id');
    return account;
  }

  create(request: AccountCreateRequest, extra: Partial<Account> = {}): Account {
    this.assertEmailFree(request.email);
    this.assertBusinessFields(request.type, request);
    const balances = request.balances ?? [{ currency_code: 'USD', value: '0.00' }];
    const minors = balanceMinors(balances, '/balances');
    const [local = 'sandbox'] = request.email.split('@');
    const name = request.name ?? { given_name: local.slice(0, 140), surname: 'Sandbox' };
    const country = request.country_code ?? 'US';
    const account: Account = {
      id: newAccountId(),
      email: request.email,
      type: request.type,
      name,
      ...(request.type === 'BUSINESS'
        ? { business_name: request.business_name ?? `${name.given_name} ${name.surname}` }
        : {}),
      country_code: country,
      address: {
        address_line_1: '1 Sandbox Way',
        admin_area_2: 'San Jose',
        admin_area_1: 'CA',
        postal_code: '95131',
        country_code: country,
      },
      balances: balances.map((b, i) => ({
        currency_code: b.currency_code,
        value: fromMinor(minors[i] ?? 0n, b.currency_code),
      })),
      cards: storedCards(request.cards, `${name.given_name} ${name.surname}`),
      bank_accounts: storedBanks(request.bank_accounts),
      permissions: { donations: request.donations_allowed ?? false },
      primary_email_confirmed: request.primary_email_confirmed ?? true,
      seeded: false,
      ...extra,
    };
    this.deps.store.accounts.upsert(account);
    const lines = openingLines(account, this.deps.clock.now());
    if (lines.length > 0) this.deps.ledger.writer.record(lines);
    return account;
  }

  update(id: string, request: AccountUpdateRequest): Account {
    const account = this.get(id);
    if (request.email !== undefined && request.email.toLowerCase() !== account.email.toLowerCase())
      this.assertEmailFree(request.email);
    this.assertBusinessFields(account.type, request);
    const targets = request.balances ? balanceMinors(request.balances, '/balances') : [];
    const updated: Account = {
      ...account,
      ...(request.email !== undefined ? { email: request.email } : {}),
      ...(request.country_code !== undefined ? { country_code: request.country_code } : {}),
      ...(request.name !== undefined ? { name: request.name } : {}),
      ...(request.business_name !== undefined ? { business_name: request.business_name } : {}),
      ...(request.cards !== undefined
        ? { cards: storedCards(request.cards, `${account.name.given_name} ${account.name.surname}`) }
        : {}),
      ...(request.bank_accounts !== undefined ? { bank_accounts: storedBanks(request.bank_accounts) } : {}),
      ...(request.donations_allowed !== undefined
        ? { permissions: { ...account.permissions, donations: request.donations_allowed } }
        : {}),
      ...(request.primary_email_confirmed !== undefined
        ? { primary_email_confirmed: request.primary_email_confirmed }
        : {}),
    };
    this.deps.store.accounts.upsert(updated);
    // Balances are targets: one adjustment line per currency for the difference, never an edit.
    const now = this.deps.clock.now();
    (request.balances ?? []).forEach((balance, index) => {
      const target = targets[index] ?? 0n;
      const current = this.deps.ledger.reads.balance(id, balance.currency_code, now);
      if (target !== current)
        this.record(id, balance.currency_code, target - current, 'Balance set from the sandbox accounts');
    });
    return updated;
  }

  /** Seeded accounts come back on every reset and apps act for their merchant: both stay. */
  delete(id: string): void {
    const account = this.get(id);
    const usedByApp = this.deps.store.apps.anyActsFor(id);
    if (account.seeded || usedByApp) {
      throw unprocessable(
        detail('ACCOUNT_DELETE_REFUSED', {
          field: 'account_id',
          value: id,
          location: 'path',
          description: account.seeded
            ? `${account.email} is a seeded account: the workbench's examples name it. Drain its balance instead.`
            : `${account.email} is the merchant a REST app acts for.`,
        }),
      );
    }
    this.deps.store.accounts.delete(id);
  }

  /** A top-up (T0300) or a drain (T0400); a drain never takes a balance below zero. */
  adjust(id: string, request: BalanceAdjustmentRequest): { transactionId: string; balance: Money } {
    const account = this.get(id);
    const [minor = 0n] = balanceMinors([request.amount], '/amount');
    if (minor === 0n) {
      throw invalidRequest(
        detail('AMOUNT_NOT_POSITIVE', { ...body('/amount/value'), value: request.amount.value }),
      );
    }
    const currency = request.amount.currency_code;
    const now = this.deps.clock.now();
    const current = this.deps.ledger.reads.balance(account.id, currency, now);
    if (request.direction === 'DEBIT' && minor > current) {
      throw unprocessable(
        detail('BALANCE_NEGATIVE', {
          ...body('/amount/value'),
          value: request.amount.value,
          description: `The ${currency} balance is ${fromMinor(current, currency)}: drain at most that.`,
        }),
      );
    }
    const signed = request.direction === 'CREDIT' ? minor : -minor;
    const transactionId = this.record(account.id, currency, signed, request.note);
    return {
      transactionId,
      balance: { currency_code: currency, value: fromMinor(current + signed, currency) },
    };
  }

  private record(accountId: string, currency: string, signedMinor: bigint, note: string | undefined): string {
    const transactionId = newTransactionId();
    const credit = signedMinor > 0n;
    this.deps.ledger.writer.record([
      {
        accountId,
        transactionId,
        eventCode: credit ? 'T0300' : 'T0400',
        status: 'S',
        initiatedMs: this.deps.clock.now(),
        currency,
        amountMinor: signedMinor,
        feeMinor: 0n,
        source: 'sandbox',
        details: { subject: note ?? (credit ? 'Sandbox top-up' : 'Sandbox drain') },
      },
    ]);
    return transactionId;
  }

  private assertEmailFree(email: string): void {
    if (this.deps.store.accounts.byEmail(email)) {
      throw unprocessable(detail('ACCOUNT_EMAIL_TAKEN', { ...body('/email'), value: email }));
    }
  }

  private assertBusinessFields(
    type: Account['type'],
    request: { business_name?: string | undefined; donations_allowed?: boolean | undefined },
  ): void {
    if (type === 'BUSINESS') return;
    const field =
      request.business_name !== undefined
        ? 'business_name'
        : request.donations_allowed !== undefined
          ? 'donations_allowed'
          : undefined;
    if (field) throw unprocessable(detail('BUSINESS_FIELD_ON_PERSONAL', body(`/${field}`)));
  }
}
