import { z } from 'zod';
import { CountryCodeSchema, EmailSchema, MoneySchema } from '../common.js';
import { CardExpirySchema, CardNumberSchema } from '../card.js';

/** Sandbox accounts (`/v1/test-helpers/accounts`): request schemas the host and the console share. */

export const ACCOUNT_TYPES = ['PERSONAL', 'BUSINESS'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** At most this many balances, cards and bank accounts per account: a sandbox, not a bank. */
export const ACCOUNT_LIMITS = { balances: 20, cards: 10, bankAccounts: 5 } as const;

export const AccountNameSchema = z.object({
  given_name: z.string().trim().min(1).max(140),
  surname: z.string().trim().min(1).max(140),
});

export const SandboxCardSchema = z.object({
  number: CardNumberSchema,
  expiry: CardExpirySchema,
  name: z.string().trim().min(1).max(300).optional(),
});

export const SandboxBankAccountSchema = z.object({
  bank_name: z.string().trim().min(1).max(100).optional(),
  account_number: z.string().regex(/^\d{4,17}$/, 'Expected 4 to 17 digits.'),
  routing_number: z.string().regex(/^\d{9}$/, 'Expected 9 digits.'),
  account_type: z.enum(['CHECKING', 'SAVINGS']).optional(),
});

const editable = {
  email: EmailSchema,
  country_code: CountryCodeSchema,
  name: AccountNameSchema,
  business_name: z.string().trim().min(1).max(127),
  cards: z.array(SandboxCardSchema).max(ACCOUNT_LIMITS.cards),
  bank_accounts: z.array(SandboxBankAccountSchema).max(ACCOUNT_LIMITS.bankAccounts),
  /** Business accounts: may receive items of category DONATION. */
  donations_allowed: z.boolean(),
  /** False shows a seller whose e-mail is unconfirmed (the merchant integration status says so). */
  primary_email_confirmed: z.boolean(),
};

/** Balances as Money v2 entries, one per currency (non-negative). */
export const BalancesSchema = z
  .array(MoneySchema)
  .max(ACCOUNT_LIMITS.balances)
  .refine((list) => new Set(list.map((b) => b.currency_code)).size === list.length, {
    message: 'Give each currency once.',
    params: { issue: 'DUPLICATE_CURRENCY' },
  });

export const AccountCreateSchema = z.strictObject({
  email: editable.email,
  type: z.enum(ACCOUNT_TYPES),
  country_code: editable.country_code.optional(),
  name: editable.name.optional(),
  business_name: editable.business_name.optional(),
  balances: BalancesSchema.optional(),
  cards: editable.cards.optional(),
  bank_accounts: editable.bank_accounts.optional(),
  donations_allowed: editable.donations_allowed.optional(),
  primary_email_confirmed: editable.primary_email_confirmed.optional(),
});

/**
 * An update names only what changes, of what a create sets (all but the type, fixed at creation). `balances` are targets: the ledger gets one adjustment line per
 * currency for the difference (history is never edited).
 */
export const AccountUpdateSchema = AccountCreateSchema.omit({ type: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Name at least one field to change.',
    params: { issue: 'MISSING_REQUIRED_PARAMETER' },
  });

/** A top-up (CREDIT, a bank deposit) or a drain (DEBIT, a withdrawal) of one balance. */
export const BalanceAdjustmentSchema = z.strictObject({
  amount: MoneySchema,
  direction: z.enum(['CREDIT', 'DEBIT']),
  note: z.string().trim().min(1).max(255).optional(),
});

export const AccountIdParams = z.object({
  account_id: z.string().regex(/^[A-HJ-NP-Z2-9]{13}$/, 'Expected a 13-character account id.'),
});

export const AccountListQuery = z.object({
  type: z.enum(ACCOUNT_TYPES).optional(),
});

export type AccountCreateRequest = z.infer<typeof AccountCreateSchema>;
export type AccountUpdateRequest = z.infer<typeof AccountUpdateSchema>;
export type BalanceAdjustmentRequest = z.infer<typeof BalanceAdjustmentSchema>;

/** A sandbox account as the test helpers answer it (balances read from the ledger). */
export interface SandboxAccountView {
  account_id: string;
  email: string;
  type: AccountType;
  name: { given_name: string; surname: string };
  business_name?: string;
  country_code: string;
  balances: { currency_code: string; value: string }[];
  cards: { brand: string; last_digits: string; expiry: string; name?: string }[];
  bank_accounts: {
    bank_name?: string;
    account_number_last_digits: string;
    routing_number: string;
    account_type: string;
  }[];
  donations_allowed: boolean;
  primary_email_confirmed: boolean;
  seeded: boolean;
  /** Partners the account consented to (business accounts onboarded through a referral). */
  partners: {
    partner_id: string;
    tracking_id: string;
    products: string[];
    capabilities: string[];
    features: string[];
    granted_at: string;
    revoked_at?: string;
  }[];
  links: { href: string; rel: string; method: string }[];
}
