import TablePagination from '@mui/material/TablePagination';
import type { ReactNode } from 'react';
import { QueryTable } from '../../components/query-table';
import { API_PAGE_SIZE } from './billing-api';
import { totalOf } from './list-total';

/**
 * One page of a billing list (products, plans, subscriptions) as a table, paged the billing API's own
 * way (`page` from 1, `total_items`). The page index here is 0-based like MUI's pagination; the caller
 * asks the API for `page + 1`.
 */
export function PagedTable({
  query,
  items,
  total,
  page,
  onPage,
  emptyText,
  head,
  rows,
  testId,
}: {
  query: {
    isLoading: boolean;
    isPlaceholderData: boolean;
    error: unknown;
    data?: { total_items?: unknown };
  };
  /** What this page lists. */
  items: readonly unknown[];
  /** How many there are in all: the API's `total_items` unless the caller reads it otherwise. */
  total?: number;
  page: number;
  onPage(page: number): void;
  emptyText: ReactNode;
  head: ReactNode;
  rows: ReactNode;
  testId: string;
}) {
  const all = total ?? totalOf(query, items);
  return (
    <QueryTable
      query={query}
      empty={items.length === 0}
      emptyText={emptyText}
      testId={testId}
      head={head}
      rows={rows}
    >
      {all > API_PAGE_SIZE ? (
        <TablePagination
          component="div"
          count={all}
          page={page}
          onPageChange={(_e, next) => onPage(next)}
          rowsPerPage={API_PAGE_SIZE}
          rowsPerPageOptions={[API_PAGE_SIZE]}
        />
      ) : null}
    </QueryTable>
  );
}
