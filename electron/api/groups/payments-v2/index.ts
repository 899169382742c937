import { paymentsV2Shared } from '../../../../shared/api/payments-v2/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { PAYMENT_EVENTS } from './events.js';
import { paymentJobs } from './jobs.js';
import { paymentPostings, type PaymentContext } from './ledger.js';
import { paymentRoutes } from './routes.js';
import { PaymentsService } from './service.js';
import { PAYMENT_RESOURCE_KINDS } from './views.js';

export type { PaymentsService, UnitPayment } from './service.js';
export type { PaymentContext } from './ledger.js';
export type {
  Payee,
  StoredAuthorization,
  StoredCapture,
  StoredRefund,
  AuthorizationBody,
  CaptureBody,
  RefundBody,
} from './types.js';
export {
  authorizationView,
  captureView,
  refundView,
  authorizationLinks,
  captureLinks,
  refundLinks,
} from './views.js';
export { sampleCapture } from './event-samples.js';
export { EXPIRE_AUTHORIZATION_JOB } from './jobs.js';
export {
  AUTHORIZATION_CREATED,
  AUTHORIZATION_VOIDED,
  CAPTURE_COMPLETED,
  CAPTURE_REFUNDED,
} from './events.js';

/**
 * Payments v2 (spec 2.5, 4.5): authorizations, captures and refunds. Orders pay their purchase units
 * through `api` (`authorizeUnit`, `captureUnit`); an order learns that its authorizations were voided
 * from the transition bus.
 */
export function definePaymentsV2(
  deps: GroupDeps,
  orderContext: PaymentContext,
): GroupModule & { api: PaymentsService } {
  const payments = new PaymentsService(deps);
  return {
    name: 'payments-v2',
    shared: paymentsV2Shared,
    api: payments,
    routes: paymentRoutes(payments),
    resourceKinds: PAYMENT_RESOURCE_KINDS,
    events: PAYMENT_EVENTS,
    ledger: paymentPostings(deps.store, orderContext),
    jobs: paymentJobs(payments),
  };
}
