import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { INVOICING_ENDPOINTS } from './endpoints.js';
import { INVOICING_ISSUES } from './issues.js';
import { invoiceMachine } from './machines.js';
import { INVOICING_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './invoice-rules.js';
export * from './payment-terms.js';

/** Invoicing v1 (deprecated; spec 9.2): what both sides know of it. */
export const invoicingShared = defineSharedGroup({
  name: 'invoicing',
  transactionCodes: INVOICING_TRANSACTION_CODES,
  issues: INVOICING_ISSUES,
  machines: { invoice: invoiceMachine },
  endpoints: Object.values(INVOICING_ENDPOINTS),
  scopes: [SCOPES.invoicing],
});
