import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column heading: its label, right-aligned where the column holds amounts or counts. */
export type Column = string | { label: string; align: 'right' };

/**
 * A small table whose heading row is nothing but its columns' labels, so a page names its columns once
 * as a list and writes only its rows (`children`, the body).
 */
export function ColumnsTable({
  columns,
  testId,
  children,
}: {
  columns: readonly Column[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) =>
            typeof column === 'string' ? (
              <TableCell key={index}>{column}</TableCell>
            ) : (
              <TableCell key={index} align={column.align}>
                {column.label}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
