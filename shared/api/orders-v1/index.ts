import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { ORDERS_V1_ENDPOINTS } from './endpoints.js';
import { ORDERS_V1_ISSUES } from './issues.js';
import { orderV1Machine, orderV1PaymentMachine } from './machines.js';
import { ORDERS_V1_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './amount-rules.js';

/** Orders v1 (deprecated; Orders v2 replaces it): what both sides know of it. */
export const ordersV1Shared = defineSharedGroup({
  name: 'orders-v1',
  transactionCodes: ORDERS_V1_TRANSACTION_CODES,
  issues: ORDERS_V1_ISSUES,
  machines: { 'order-v1': orderV1Machine, 'order-v1-payment': orderV1PaymentMachine },
  endpoints: Object.values(ORDERS_V1_ENDPOINTS),
  scopes: [SCOPES.orders, SCOPES.testHelpers],
});
