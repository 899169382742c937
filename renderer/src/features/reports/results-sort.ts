import type { TransactionDetail } from '../../../../shared/api/reporting';

/** The grid's sortable columns. */
export type ResultsSortField = 'initiated' | 'transaction' | 'code' | 'status' | 'amount';
export interface ResultsSort {
  by: ResultsSortField;
  order: 'asc' | 'desc';
}

const KEY: Record<ResultsSortField, (d: TransactionDetail) => string | number> = {
  initiated: (d) => d.transaction_info?.transaction_initiation_date ?? '',
  transaction: (d) => d.transaction_info?.transaction_id ?? '',
  code: (d) => d.transaction_info?.transaction_event_code ?? '',
  status: (d) => d.transaction_info?.transaction_status ?? '',
  // Exact enough to order by: amounts are decimal strings of at most 18 significant digits.
  amount: (d) => Number(d.transaction_info?.transaction_amount.value ?? 0),
};

/**
 * The rows of one page in the chosen order; ties keep the API's order. The transaction search has no
 * sort parameter, so a column sorts the page on screen (and the grid says so).
 */
export function sortResults(
  details: readonly TransactionDetail[],
  sort: ResultsSort | undefined,
): TransactionDetail[] {
  if (!sort) return [...details];
  const key = KEY[sort.by];
  const sign = sort.order === 'asc' ? 1 : -1;
  return details
    .map((detail, index) => ({ detail, index, key: key(detail) }))
    .sort((a, b) => (a.key < b.key ? -sign : a.key > b.key ? sign : a.index - b.index))
    .map(({ detail }) => detail);
}
