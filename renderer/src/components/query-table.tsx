import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { QueryState } from './query-state';

const BAR_SX = { height: 4 } as const;

/**
 * One page of a list read from the API as a table: a thin bar while a newer page is read (the rows of
 * the last one stay, so paging does not flash), then the loading, error and empty states, then the
 * table and whatever pages it (`children`, under the table). The bar is for another page, filter or
 * order being read (react-query's placeholder data, the last view's rows), not for a refresh of the
 * same page: in a burst of host changes the list is re-read about every second, and the bar came and
 * went with each read; while it is up its animation moves `left` and `right`, a layout and a paint of
 * the page at every frame, and frames were the largest part of a tab's work in a burst.
 */
export function QueryTable({
  query,
  empty,
  emptyText,
  testId,
  head,
  rows,
  children,
}: {
  query: { isLoading: boolean; isPlaceholderData: boolean; error: unknown };
  empty: boolean;
  emptyText: ReactNode;
  testId: string;
  head: ReactNode;
  rows: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <Box sx={BAR_SX}>{query.isPlaceholderData ? <LinearProgress /> : null}</Box>
      <QueryState loading={query.isLoading} error={query.error} empty={empty} emptyText={emptyText}>
        <TableContainer>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>{rows}</TableBody>
          </Table>
        </TableContainer>
        {children}
      </QueryState>
    </>
  );
}
