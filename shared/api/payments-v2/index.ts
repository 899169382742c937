import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { PAYMENTS_V2_ENDPOINTS } from './endpoints.js';
import { PAYMENTS_V2_ISSUES } from './issues.js';
import { authorizationMachine, captureMachine, refundMachine } from './machines.js';
import { PAYMENTS_V2_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './authorization-rules.js';

/** Payments v2: what both sides know of it. */
export const paymentsV2Shared = defineSharedGroup({
  name: 'payments-v2',
  transactionCodes: PAYMENTS_V2_TRANSACTION_CODES,
  issues: PAYMENTS_V2_ISSUES,
  machines: { authorization: authorizationMachine, capture: captureMachine, refund: refundMachine },
  endpoints: Object.values(PAYMENTS_V2_ENDPOINTS),
  scopes: [SCOPES.payments, SCOPES.refunds],
});
