import { payoutsShared } from '../../../../shared/api/payouts/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { RecentBatches } from './batch-cache.js';
import { BatchItems } from './batch-items.js';
import { PAYOUT_EVENTS } from './events.js';
import { PayoutProcessor } from './jobs.js';
import { payoutPostings } from './ledger.js';
import { payoutRoutes } from './routes.js';
import { PayoutsService } from './service.js';
import { UNCLAIMED_NOTICE_TEMPLATE, unclaimedNoticeText } from './unclaimed-notice.js';
import { payoutTestHelpers } from './test-helpers.js';
import { PAYOUT_RESOURCE_KINDS } from './views.js';

export type { PayoutsService } from './service.js';
export type { StoredPayoutBatch, StoredPayoutItem } from './types.js';
export { batchView, itemView, payoutItemId } from './views.js';
export { CHUNK_ITEMS, PROCESS_BATCH_JOB, RETURN_UNCLAIMED_JOB, UNCLAIMED_RETURN_MS } from './jobs.js';
export * from './events.js';

/**
 * Payouts (spec 2.12, 4.10): batches of 1 to 15,000 items, created at once and processed on the
 * scheduler in chunks; items read and cancelled; unclaimed items returned after 30 days.
 */
export function definePayouts(deps: GroupDeps): GroupModule & { api: PayoutsService } {
  deps.mailbox.defineTemplate(UNCLAIMED_NOTICE_TEMPLATE, unclaimedNoticeText);
  const items = new BatchItems();
  const processor = new PayoutProcessor(deps, items);
  const batches = new RecentBatches(deps.store, deps.transitions);
  const payouts = new PayoutsService(deps, processor, items, batches);
  return {
    name: 'payouts',
    shared: payoutsShared,
    api: payouts,
    routes: [...payoutRoutes(payouts), ...payoutTestHelpers(deps)],
    resourceKinds: PAYOUT_RESOURCE_KINDS,
    events: PAYOUT_EVENTS,
    ledger: payoutPostings(),
    jobs: processor.jobs(),
    reset: () =>
      deps.store.db.afterCommit(() => {
        items.clear();
        batches.clear();
      }),
    close: () => processor.close(),
  };
}
