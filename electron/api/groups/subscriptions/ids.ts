import { randomString } from '../../../../shared/ids.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A plan id: `P-` and 24 characters (`P-5ML4271244454362WXNWU5NQ`). */
export const newPlanId = (): string => 'P-' + randomString(UPPER_ALNUM, 24);
/** A subscription id: `I-` and 12 characters (`I-BW452GLLEP1G`). */
export const newSubscriptionId = (): string => 'I-' + randomString(UPPER_ALNUM, 12);
/** A sale (transaction) id: 17 characters, a ledger transaction id. */
export const newSaleId = (): string => randomString(UPPER_ALNUM, 17);

/** `plan_ids=P-1,P-2`: the ids of a comma list, blanks dropped, at most the 10 the platform reads. */
export const idList = (commaList: string): string[] =>
  commaList
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 10);
