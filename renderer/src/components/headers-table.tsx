import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** HTTP headers, one row each, name and value in the monospace face. */
export function HeadersTable({ headers, testId }: { headers: Record<string, string>; testId?: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <Typography color="text.secondary">No headers.</Typography>;
  return (
    <Table size="small" data-testid={testId}>
      <TableBody>
        {entries.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell
              sx={{
                fontFamily: 'ui-monospace, monospace',
                fontSize: 12.5,
                whiteSpace: 'nowrap',
                verticalAlign: 'top',
                width: '30%',
              }}
            >
              {name}
            </TableCell>
            <TableCell sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5, wordBreak: 'break-all' }}>
              {value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
