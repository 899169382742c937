import type { TransactionDetail } from '../../../../shared/api/reporting';
import { CURRENCY_EXPONENTS, exponentOf, toMinor } from '../../../../shared/money';

const FINEST_EXPONENT = Math.max(...Object.values(CURRENCY_EXPONENTS));

/** An amount as an exact integer on one scale for every currency, so a page of mixed currencies orders by value. */
function amountKey(detail: TransactionDetail): bigint {
  const amount = detail.transaction_info?.transaction_amount;
  if (!amount) return 0n;
  const scale = 10n ** BigInt(FINEST_EXPONENT - exponentOf(amount.currency_code));
  return toMinor(amount.value, amount.currency_code) * scale;
}

/** The grid's sortable columns. */
export type ResultsSortField = 'initiated' | 'transaction' | 'code' | 'status' | 'amount';
export interface ResultsSort {
  by: ResultsSortField;
  order: 'asc' | 'desc';
}

const KEY: Record<ResultsSortField, (d: TransactionDetail) => string | bigint> = {
  initiated: (d) => d.transaction_info?.transaction_initiation_date ?? '',
  transaction: (d) => d.transaction_info?.transaction_id ?? '',
  code: (d) => d.transaction_info?.transaction_event_code ?? '',
  status: (d) => d.transaction_info?.transaction_status ?? '',
  amount: amountKey,
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
