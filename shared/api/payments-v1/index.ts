import { SCOPES } from '../../scopes.js';
import { defineSharedGroup } from '../shared-group.js';
import { PAYMENTS_V1_ENDPOINTS } from './endpoints.js';
import { PAYMENTS_V1_ISSUES } from './issues.js';
import {
  authorizationV1Machine,
  captureV1Machine,
  PAYMENT_V1_KINDS,
  paymentOrderV1Machine,
  paymentV1Machine,
  refundV1Machine,
  saleV1Machine,
} from './machines.js';
import { PAYMENTS_V1_TRANSACTION_CODES } from './transaction-codes.js';

export * from './schemas.js';
export * from './machines.js';
export * from './issues.js';
export * from './endpoints.js';
export * from './ids.js';
export * from './amount-rules.js';

/** Payments v1 (deprecated; spec 2.6, 4.6, 9.2): what both sides know of it. */
export const paymentsV1Shared = defineSharedGroup({
  name: 'payments-v1',
  transactionCodes: PAYMENTS_V1_TRANSACTION_CODES,
  issues: PAYMENTS_V1_ISSUES,
  machines: {
    [PAYMENT_V1_KINDS.payment]: paymentV1Machine,
    [PAYMENT_V1_KINDS.sale]: saleV1Machine,
    [PAYMENT_V1_KINDS.authorization]: authorizationV1Machine,
    [PAYMENT_V1_KINDS.capture]: captureV1Machine,
    [PAYMENT_V1_KINDS.refund]: refundV1Machine,
    [PAYMENT_V1_KINDS.order]: paymentOrderV1Machine,
  },
  endpoints: Object.values(PAYMENTS_V1_ENDPOINTS),
  scopes: [SCOPES.payments, SCOPES.refunds],
});
