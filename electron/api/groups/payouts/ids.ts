import { randomString } from '../../../../shared/ids.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A payout batch id: 13 capital letters and digits, like the platform's (`5UXD2E8A7EBQJ`). */
export const newPayoutBatchId = (): string => randomString(UPPER_ALNUM, 13);

/** A ledger transaction id (an item's `transaction_id`, `activity_id`, a return): 17 characters. */
export const newTransactionId = (): string => randomString(UPPER_ALNUM, 17);
