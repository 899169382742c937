import TablePagination from '@mui/material/TablePagination';
import type { ReactNode } from 'react';
import { QueryTable } from '../../components/query-table';
import { API_PAGE_SIZE } from './billing-api';

/**
 * One page of a billing list (products, plans, subscriptions) as a table, paged the billing API's own
 * way (`page` from 1, `total_items`). The page index here is 0-based like MUI's pagination; the caller
 * asks the API for `page + 1`.
 */
export function PagedTable({
  query,
  count,
  total,
  page,
  onPage,
  emptyText,
  head,
  rows,
  testId,
}: {
  query: { isLoading: boolean; isFetching: boolean; error: unknown };
  /** Rows on this page. */
  count: number;
  /** Rows in all (`total_items`). */
  total: number;
  page: number;
  onPage(page: number): void;
  emptyText: ReactNode;
  head: ReactNode;
  rows: ReactNode;
  testId: string;
}) {
  return (
    <QueryTable
      query={query}
      empty={count === 0}
      emptyText={emptyText}
      testId={testId}
      head={head}
      rows={rows}
    >
      {total > API_PAGE_SIZE ? (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_e, next) => onPage(next)}
          rowsPerPage={API_PAGE_SIZE}
          rowsPerPageOptions={[API_PAGE_SIZE]}
        />
      ) : null}
    </QueryTable>
  );
}
