import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { QueryState } from './query-state';

/**
 * One page of a list read from the API as a table: a thin bar while a newer page is read (the rows of
 * the last one stay, so paging does not flash), then the loading, error and empty states, then the
 * table and whatever pages it (`children`, under the table).
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
  query: { isLoading: boolean; isFetching: boolean; error: unknown };
  empty: boolean;
  emptyText: ReactNode;
  testId: string;
  head: ReactNode;
  rows: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <Box sx={{ height: 4 }}>{query.isFetching && !query.isLoading ? <LinearProgress /> : null}</Box>
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
