/** Milliseconds in an hour and in a (UTC) day: the units the ledger's rollups and the reports count in. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
