import { randomString } from '../../../../shared/ids.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A payout batch id: 13 capital letters and digits, like the platform's (`5UXD2E8A7EBQJ`). */
export const newPayoutBatchId = (): string => randomString(UPPER_ALNUM, 13);

/** A ledger transaction id (an item's `transaction_id`, `activity_id`, a return): 17 characters. */
export const newTransactionId = (): string => randomString(UPPER_ALNUM, 17);

/**
 * An item's id: its batch's id and its index in base 36 (three characters, enough for 15,000 items), so
 * an item is found from its id before it is stored, and the primary key of the item resource makes a
 * second payment of the same item impossible.
 */
export function payoutItemId(batchId: string, index: number): string {
  return batchId + index.toString(36).toUpperCase().padStart(3, '0');
}

/** The batch id and index an item id names, if it has the form of one. */
export function parsePayoutItemId(id: string): { batchId: string; index: number } | undefined {
  const match = /^([A-Z0-9]{13})([0-9A-Z]{3})$/.exec(id);
  if (!match?.[1] || !match[2]) return undefined;
  return { batchId: match[1], index: parseInt(match[2], 36) };
}
