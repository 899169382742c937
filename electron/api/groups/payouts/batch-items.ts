import type { PayoutItemSpec, StoredPayoutBatch } from './types.js';

/** How many batches' item lists stay parsed in memory. */
const CACHED_BATCHES = 8;

/**
 * A batch's items as the create call accepted them. The batch row keeps them as one JSON text (a string
 * inside its JSON), so reading a batch (every chunk, every page read) copies a string instead of
 * building 15,000 objects; the list is parsed when items are needed, and the last few lists stay
 * parsed (they never change once the batch exists).
 */
export class BatchItems {
  private readonly cache = new Map<string, PayoutItemSpec[]>();

  static encode(items: readonly PayoutItemSpec[]): string {
    return JSON.stringify(items);
  }

  of(batch: StoredPayoutBatch): PayoutItemSpec[] {
    const cached = this.cache.get(batch.id);
    if (cached) {
      // Most recently used last.
      this.cache.delete(batch.id);
      this.cache.set(batch.id, cached);
      return cached;
    }
    // A processed batch keeps none: its items are resources.
    if (!batch.internal.items_json) return [];
    const items = JSON.parse(batch.internal.items_json) as PayoutItemSpec[];
    this.remember(batch.id, items);
    return items;
  }

  /** The items of batch `id`, reading the batch only when they are not parsed yet. */
  ofId(id: string, read: () => StoredPayoutBatch | undefined): PayoutItemSpec[] {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const batch = read();
    return batch ? this.of(batch) : [];
  }

  /** A list already parsed (the create call has it), so the first chunk needs no parse. */
  remember(batchId: string, items: PayoutItemSpec[]): void {
    this.cache.set(batchId, items);
    this.trim();
  }

  private trim(): void {
    while (this.cache.size > CACHED_BATCHES) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) return;
      this.cache.delete(oldest);
    }
  }

  forget(batchId: string): void {
    this.cache.delete(batchId);
  }

  clear(): void {
    this.cache.clear();
  }
}
