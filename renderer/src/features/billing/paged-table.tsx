import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { QueryState } from '../../components/query-state';
import { API_PAGE_SIZE } from './billing-api';

/**
 * One page of an API list (products, plans, subscriptions) as a table: loading, error and empty states,
 * a bar while a newer page is read, and the API's own paging (`page` from 1, `total_items`). The page
 * index here is 0-based like MUI's pagination; the caller asks the API for `page + 1`.
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
    <>
      <Box sx={{ height: 4 }}>{query.isFetching && !query.isLoading ? <LinearProgress /> : null}</Box>
      <QueryState loading={query.isLoading} error={query.error} empty={count === 0} emptyText={emptyText}>
        <TableContainer>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>{rows}</TableBody>
          </Table>
        </TableContainer>
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
      </QueryState>
    </>
  );
}
