import { referencedPayoutsShared } from '../../../../shared/api/referenced-payouts/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { REFERENCED_PAYOUT_EVENTS } from './events.js';
import { referencedPayoutJobs } from './jobs.js';
import { referencedPayoutPostings } from './ledger.js';
import { referencedPayoutRoutes } from './routes.js';
import { ReferencedPayoutsService } from './service.js';
import { referencedPayoutKinds } from './views.js';

export type { ReferencedPayoutsService } from './service.js';
export type {
  StoredReferencedPayoutBatch,
  StoredReferencedPayoutItem,
  ReferencedPayoutItemBody,
  ReferencedPayoutBatchBody,
} from './types.js';
export { itemView as referencedPayoutItemView } from './views.js';
export { REFERENCED_PAYOUT_ITEM_COMPLETED, REFERENCED_PAYOUT_ITEM_FAILED } from './events.js';
export { PROCESS_REFERENCED_PAYOUT_JOB, PROCESSING_DELAY_MS } from './jobs.js';
export { BATCH_KEY_RETENTION_MS, ITEM_KEY_RETENTION_MS } from './routes.js';

/**
 * Referenced payouts (spec 2.13, 4.10): payouts tied to an earlier capture of the caller. Captures are
 * read from the store (payments v2 owns them); an item's success debits the sender in the ledger.
 */
export function defineReferencedPayouts(deps: GroupDeps): GroupModule & { api: ReferencedPayoutsService } {
  const service = new ReferencedPayoutsService(deps);
  return {
    name: 'referenced-payouts',
    shared: referencedPayoutsShared,
    api: service,
    routes: referencedPayoutRoutes(service, deps.store, deps.clock),
    resourceKinds: referencedPayoutKinds(deps.store),
    events: REFERENCED_PAYOUT_EVENTS,
    ledger: referencedPayoutPostings,
    jobs: referencedPayoutJobs(service),
  };
}
