/** The status of a ledger entry (spec part 3): D denied, P pending, S completed, V reversed and refunded. */
export const TRANSACTION_STATUSES = ['D', 'P', 'S', 'V'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  D: 'Denied',
  P: 'Pending',
  S: 'Completed',
  V: 'Reversed or refunded',
};
