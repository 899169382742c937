import type { ReferenceType } from '../../../../shared/api/referenced-payouts/index.js';
import type { Store } from '../../../store/store.js';
import { ITEM_KIND, type StoredReferencedPayoutItem } from './types.js';

/** A reference as one caller names it: the same id under another type is another reference. */
export const referenceKey = (type: ReferenceType, id: string): string => `${type}\u0000${id}`;

/** What earlier referenced payouts of one app did on one reference. */
export interface ReferenceActivity {
  /** An item on the reference that is still PROCESSING. */
  processingItemId?: string;
  /** Minor units already paid out on it (SUCCESS items), by currency. */
  paidMinor: Map<string, bigint>;
}

// One read per call, whatever the number of references: the items of the app that are in flight or
// paid out on any of the given references. Item rows are read through the kind's index; a reference
// index would make this a seek (it needs a migration).

/**
 * The activity on each of `references` (keys of {@link referenceKey}) of the app's earlier referenced
 * payouts: what is in flight (ONGOING_ACTIVITY_ON_REFERENCE) and what was paid out (the amount check).
 */
export function referenceActivity(
  store: Store,
  appId: string,
  references: readonly { type: ReferenceType; id: string }[],
): Map<string, ReferenceActivity> {
  const activity = new Map<string, ReferenceActivity>();
  if (references.length === 0) return activity;
  const items = store.resources.find<StoredReferencedPayoutItem>({
    kind: ITEM_KIND,
    app: appId,
    status: ['PROCESSING', 'SUCCESS'],
    memberIn: { member: 'body.reference_id', values: [...new Set(references.map((r) => r.id))] },
  });
  for (const item of items) {
    const key = referenceKey(item.body.reference_type, item.body.reference_id);
    let entry = activity.get(key);
    if (!entry) activity.set(key, (entry = { paidMinor: new Map() }));
    if (item.status === 'PROCESSING') entry.processingItemId ??= item.id;
    else {
      const currency = item.body.payout_amount.currency_code;
      entry.paidMinor.set(
        currency,
        (entry.paidMinor.get(currency) ?? 0n) + BigInt(item.internal.amount_minor),
      );
    }
  }
  return activity;
}
