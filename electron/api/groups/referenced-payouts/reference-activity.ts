import type { ReferenceType } from '../../../../shared/api/referenced-payouts/index.js';
import type { Store } from '../../../store/store.js';
import { ITEM_KIND } from './types.js';

/** A reference as one caller names it: the same id under another type is another reference. */
export const referenceKey = (type: ReferenceType, id: string): string => `${type}\u0000${id}`;

/** What earlier referenced payouts of one app did on one reference. */
export interface ReferenceActivity {
  /** An item on the reference that is still PROCESSING. */
  processingItemId?: string;
  /** Minor units already paid out on it (SUCCESS items), by currency. */
  paidMinor: Map<string, bigint>;
}

interface ActivityRow {
  id: string;
  status: string;
  type: ReferenceType;
  ref: string;
  currency: string;
  minor: string;
}

// One read per call, whatever the number of references: the items of the app that are in flight or
// paid out on any of the given references (json_each expands the list). Item rows are read through the
// kind's index; a reference index would make this a seek (it needs a migration).
const ACTIVITY_SQL = `SELECT id, status,
    json_extract(body, '$.reference_type') AS type,
    json_extract(body, '$.reference_id') AS ref,
    json_extract(body, '$.payout_amount.currency_code') AS currency,
    json_extract(internal, '$.amount_minor') AS minor
  FROM resources
  WHERE kind = '${ITEM_KIND}' AND app_id = ? AND status IN ('PROCESSING', 'SUCCESS')
    AND json_extract(body, '$.reference_id') IN (SELECT value FROM json_each(?))`;

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
  const ids = JSON.stringify([...new Set(references.map((r) => r.id))]);
  const rows = store.db.prepare(ACTIVITY_SQL).all(appId, ids) as unknown as ActivityRow[];
  for (const row of rows) {
    const key = referenceKey(row.type, row.ref);
    let entry = activity.get(key);
    if (!entry) activity.set(key, (entry = { paidMinor: new Map() }));
    if (row.status === 'PROCESSING') entry.processingItemId ??= row.id;
    else entry.paidMinor.set(row.currency, (entry.paidMinor.get(row.currency) ?? 0n) + BigInt(row.minor));
  }
  return activity;
}
