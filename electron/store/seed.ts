import { accountIdFor } from '../../shared/ids.js';
import type { Account } from './repositories/accounts-repo.js';
import type { Store } from './store.js';

/**
 * The sandbox world every workspace starts with (and a reset returns to): one merchant, one buyer with a
 * wallet balance and a card, and a charity allowed to receive DONATION items. Ids derive from the e-mail,
 * so they are the same in every workspace and after every reset.
 */
export const SEED_ACCOUNTS: readonly Account[] = [
  {
    id: accountIdFor('merchant@example.com'),
    email: 'merchant@example.com',
    type: 'BUSINESS',
    name: { given_name: 'Morgan', surname: 'Merchant' },
    business_name: 'Example Merchant Inc.',
    primary_email_confirmed: true,
    country_code: 'US',
    address: {
      address_line_1: '1 Market Street',
      admin_area_2: 'San Jose',
      admin_area_1: 'CA',
      postal_code: '95131',
      country_code: 'US',
    },
    balances: [{ currency_code: 'USD', value: '0.00' }],
    cards: [],
    permissions: { donations: false },
    seeded: true,
  },
  {
    id: accountIdFor('buyer@example.com'),
    email: 'buyer@example.com',
    type: 'PERSONAL',
    name: { given_name: 'Bailey', surname: 'Buyer' },
    country_code: 'US',
    address: {
      address_line_1: '2211 North First Street',
      admin_area_2: 'San Jose',
      admin_area_1: 'CA',
      postal_code: '95131',
      country_code: 'US',
    },
    balances: [{ currency_code: 'USD', value: '5000.00' }],
    cards: [{ brand: 'VISA', last_digits: '1111', expiry: '2030-12', name: 'Bailey Buyer' }],
    bank_accounts: [
      {
        bank_name: 'Sandbox Bank',
        account_number_last_digits: '6789',
        routing_number: '021000021',
        account_type: 'CHECKING',
      },
    ],
    primary_email_confirmed: true,
    permissions: { donations: false },
    seeded: true,
  },
  {
    id: accountIdFor('charity@example.com'),
    email: 'charity@example.com',
    type: 'BUSINESS',
    name: { given_name: 'Casey', surname: 'Charity' },
    business_name: 'Example Charity',
    country_code: 'US',
    address: {
      address_line_1: '10 Giving Way',
      admin_area_2: 'Austin',
      admin_area_1: 'TX',
      postal_code: '73301',
      country_code: 'US',
    },
    balances: [{ currency_code: 'USD', value: '0.00' }],
    cards: [],
    permissions: { donations: true },
    // The charity consented to the seeded merchant (the sandbox app's account) as its partner, so a
    // script can act for it with Svc-Auth-Assertion from the first start; new sellers onboard first.
    partners: [
      {
        partner_id: accountIdFor('merchant@example.com'),
        tracking_id: 'seed-charity',
        products: ['EXPRESS_CHECKOUT'],
        capabilities: [],
        features: [
          'PAYMENT',
          'REFUND',
          'PARTNER_FEE',
          'DELAY_FUNDS_DISBURSEMENT',
          'ACCESS_MERCHANT_INFORMATION',
          'TRACKING_SHIPMENT_READWRITE',
        ],
        granted_at: '2026-01-01T00:00:00Z',
      },
    ],
    primary_email_confirmed: true,
    seeded: true,
  },
];

export const SEED_MERCHANT = SEED_ACCOUNTS[0] as Account;
export const SEED_BUYER = SEED_ACCOUNTS[1] as Account;

/** Writes the seed accounts as they are when new (balances included). */
export function seedAccounts(store: Store): void {
  for (const account of SEED_ACCOUNTS) store.accounts.upsert(account);
}
