import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { formatTime } from '../api/format';
import { navigate } from '../app/router';

/**
 * A list's row that opens a resource's page (`to`): its id is a real link, and a click anywhere else in
 * the row opens the page too. `data-status` carries the row's status for the tests.
 */
export function OpeningRow({
  to,
  testId,
  status,
  children,
}: {
  to: string;
  testId: string;
  status: string | undefined;
  children: ReactNode;
}) {
  return (
    <TableRow
      hover
      data-testid={testId}
      data-status={status}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a')) navigate(to);
      }}
      sx={{ cursor: 'pointer' }}
    >
      {children}
    </TableRow>
  );
}

/** A list's "created" cell: the time, kept on one line and set back in grey. */
export function TimeCell({ time }: { time: string | undefined }) {
  return <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatTime(time)}</TableCell>;
}
