import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import {
  AccountCreateSchema,
  AccountIdParams,
  AccountListQuery,
  AccountUpdateSchema,
  BalanceAdjustmentSchema,
} from './schemas.js';

const TAG = 'Sandbox accounts';
const PATH = '/v1/test-helpers/accounts';

/** The sandbox accounts: create, list, read, update, delete, and balance top-ups and drains. */
export const ACCOUNTS_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: PATH,
    operationId: 'sandbox.accounts.create',
    summary: 'Create a sandbox account (PERSONAL buyer or BUSINESS seller) with opening balances',
    tag: TAG,
    scope: SCOPES.testHelpers,
    body: AccountCreateSchema,
    responses: {
      201: 'The account, its balances read from the ledger',
      400: 'A validation failure',
      422: 'The e-mail is taken',
    },
    example: {
      email: 'seller@example.org',
      type: 'BUSINESS',
      business_name: 'Example Seller',
      country_code: 'US',
      balances: [{ currency_code: 'USD', value: '100.00' }],
    },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: PATH,
    operationId: 'sandbox.accounts.list',
    summary: 'List the sandbox accounts with their balances',
    tag: TAG,
    scope: SCOPES.testHelpers,
    query: AccountListQuery,
    responses: { 200: '{accounts: [...]}' },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: `${PATH}/:account_id`,
    operationId: 'sandbox.accounts.get',
    summary: 'Show a sandbox account',
    tag: TAG,
    scope: SCOPES.testHelpers,
    params: AccountIdParams,
    responses: { 200: 'The account', 404: 'No such account' },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${PATH}/:account_id`,
    operationId: 'sandbox.accounts.update',
    summary:
      'Update a sandbox account (only the fields given; balances are targets reached by adjustment lines)',
    tag: TAG,
    scope: SCOPES.testHelpers,
    params: AccountIdParams,
    body: AccountUpdateSchema,
    responses: { 200: 'The account', 404: 'No such account', 422: 'The e-mail is taken' },
    example: { balances: [{ currency_code: 'USD', value: '0.00' }] },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${PATH}/:account_id`,
    operationId: 'sandbox.accounts.delete',
    summary: 'Delete a sandbox account (seeded accounts and app merchants are refused)',
    tag: TAG,
    scope: SCOPES.testHelpers,
    params: AccountIdParams,
    responses: { 204: 'Deleted', 404: 'No such account', 422: 'A seeded account or an app merchant' },
  }),
  adjust: defineEndpoint({
    method: 'POST',
    path: `${PATH}/:account_id/balance-adjustments`,
    operationId: 'sandbox.accounts.adjust',
    summary: 'Top up (CREDIT, T0300) or drain (DEBIT, T0400) one balance of a sandbox account',
    tag: TAG,
    scope: SCOPES.testHelpers,
    params: AccountIdParams,
    body: BalanceAdjustmentSchema,
    responses: { 201: 'The ledger line and the new balance', 422: 'The drain exceeds the balance' },
    example: { amount: { currency_code: 'USD', value: '50.00' }, direction: 'CREDIT' },
  }),
};
