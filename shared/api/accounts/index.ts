import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { ACCOUNTS_ENDPOINTS } from './endpoints.js';
import { ACCOUNTS_ISSUES } from './issues.js';
import { ACCOUNTS_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './issues.js';
export * from './endpoints.js';

/** Sandbox accounts (buyers, sellers, partners): what both sides know of them. */
export const accountsShared = defineSharedGroup({
  name: 'accounts',
  transactionCodes: ACCOUNTS_TRANSACTION_CODES,
  issues: ACCOUNTS_ISSUES,
  machines: {},
  endpoints: Object.values(ACCOUNTS_ENDPOINTS),
  scopes: [SCOPES.testHelpers],
});
