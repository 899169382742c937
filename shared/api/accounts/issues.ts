import { issuesOf } from '../issue.js';

/** Sandbox accounts: the issues the account helpers answer with. */
export const ACCOUNTS_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    DUPLICATE_CURRENCY: 'Each currency appears once in balances.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    ACCOUNT_EMAIL_TAKEN: 'Another sandbox account already uses this e-mail address.',
    ACCOUNT_DELETE_REFUSED:
      'Seeded accounts and the accounts REST apps act for cannot be deleted (a reset restores the seeded ones).',
    BALANCE_NEGATIVE: 'A balance cannot go below zero: drain at most what the account holds.',
    BUSINESS_FIELD_ON_PERSONAL: 'business_name and donations_allowed belong to business accounts only.',
  }),
};
