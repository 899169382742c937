import type { Store } from '../../../store/store.js';
import type { TransitionBus } from '../../transition-bus.js';
import type { StoredPayoutBatch } from './types.js';

/** How many batches stay in memory. */
const CACHED_BATCHES = 16;

/**
 * The last batches read or moved, as stored, for the API's reads. Until it is processed a batch row
 * carries its items (up to 15,000, one JSON text of megabytes); reading it again for every page read
 * while the batch processes (a caller polling its progress) would copy and parse that each time.
 *
 * Every change of a batch goes through the transition bus (only this group writes batches), and the
 * entry is replaced with the moved batch once its transaction commits (never on a rollback). Readers
 * get the cached object and must not change it; the processor reads its own copy from the store.
 */
export class RecentBatches {
  private readonly cache = new Map<string, StoredPayoutBatch>();

  constructor(
    private readonly store: Store,
    transitions: TransitionBus,
  ) {
    transitions.subscribe(({ resource }) => {
      if (resource.kind !== 'payout-batch') return;
      const batch = resource as StoredPayoutBatch;
      store.db.afterCommit(() => this.put(batch));
    });
  }

  get(id: string): StoredPayoutBatch | undefined {
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const batch = this.store.resources.get<StoredPayoutBatch['body'], StoredPayoutBatch['internal']>(
      'payout-batch',
      id,
    );
    // Cached only when no transaction is open (a request's, or a commit group's): the row read may hold
    // writes that could still roll back.
    if (batch && !this.store.db.db.isTransaction) this.put(batch);
    return batch;
  }

  /** A batch the app owns, read as `get` reads it; undefined when missing or another app's, as the store's `owned`. */
  owned(id: string, appId: string): StoredPayoutBatch | undefined {
    const batch = this.get(id);
    return batch?.app_id === appId ? batch : undefined;
  }

  clear(): void {
    this.cache.clear();
  }

  private put(batch: StoredPayoutBatch): void {
    this.cache.delete(batch.id);
    this.cache.set(batch.id, batch);
    while (this.cache.size > CACHED_BATCHES) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) return;
      this.cache.delete(oldest);
    }
  }
}
