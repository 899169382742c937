import { randomString } from '../../../../shared/ids.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A batch id of the platform's form: 63 letters and digits and a `=` (base64-like, as its docs show). */
export const newReferencedBatchId = (): string => randomString(ALNUM, 63) + '=';

/** An item id: 13 capital letters and digits. */
export const newReferencedItemId = (): string => randomString(UPPER_ALNUM, 13);

/** The payout's own transaction id: 17 capital letters and digits, like every transaction of the ledger. */
export const newPayoutTransactionId = (): string => randomString(UPPER_ALNUM, 17);
