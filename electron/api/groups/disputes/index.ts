import { disputesShared } from '../../../../shared/api/disputes/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import type { PaymentV1Operations } from '../payments-v1/index.js';
import type { PaymentsService } from '../payments-v2/index.js';
import { DisputeActions } from './actions.js';
import { DISPUTE_EVENTS } from './events.js';
import { DisputeDocumentStore } from './documents.js';
import { DisputeFlow } from './flow.js';
import { disputeJobs } from './jobs.js';
import { disputePostings } from './ledger.js';
import { DisputeLifecycle } from './opening.js';
import { disputablePayments } from './ports.js';
import { disputeRoutes } from './routes.js';
import { DisputesService } from './service.js';
import { DISPUTE_RESOURCE_KINDS } from './views.js';

export { DISPUTE_CREATED, DISPUTE_RESOLVED, DISPUTE_UPDATED } from './events.js';
export { DISPUTE_DUE_JOB, RESPONSE_WINDOWS_MS } from './flow.js';

/**
 * Customer Disputes v1: a buyer's dispute of a v2 capture or a v1 sale or capture, from inquiry to
 * claim, appeal and arbitration, with its hold, refund and events. It refunds through the group that
 * made the transaction.
 */
export function defineDisputes(
  deps: GroupDeps,
  payments: PaymentsService,
  paymentsV1: PaymentV1Operations,
): GroupModule {
  const port = disputablePayments(deps.store, payments, paymentsV1);
  const flow = new DisputeFlow(deps, port);
  const documents = new DisputeDocumentStore(deps.store.db);
  const disputes = new DisputesService(deps, port, flow, documents);
  const actions = new DisputeActions(disputes);
  const lifecycle = new DisputeLifecycle(disputes);
  return {
    name: 'disputes',
    shared: disputesShared,
    routes: disputeRoutes(disputes, actions, lifecycle),
    resourceKinds: DISPUTE_RESOURCE_KINDS,
    events: DISPUTE_EVENTS,
    ledger: disputePostings,
    jobs: disputeJobs(lifecycle),
    // The documents' bytes live beside the resources table; they go with the disputes.
    reset: () => documents.deleteAll(),
  };
}
