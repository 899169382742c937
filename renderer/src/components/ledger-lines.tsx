import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TRANSACTION_STATUS_LABELS } from '../../../shared/ledger/transaction-status';
import type { LedgerLine } from '../../../shared/bridge';
import { formatMoney } from '../api/format';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * Ledger entries as booking lines: each entry's gross line, and its fee line when it has a fee (a
 * capture pays one, a refund gets the percentage part back). Memo entries move no balance.
 */
export function LedgerLines({
  lines,
  testId = 'ledger-lines',
}: {
  lines: readonly LedgerLine[];
  testId?: string;
}) {
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        No ledger entries.
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>Initiated</TableCell>
          <TableCell>Transaction</TableCell>
          <TableCell>Code</TableCell>
          <TableCell>Line</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.flatMap((line) => {
          const rows = [
            <TableRow
              key={`${line.seq}-gross`}
              data-testid="ledger-line"
              data-event-code={line.event_code}
              data-status={line.status}
              data-kind="gross"
            >
              <TableCell sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>{line.initiated}</TableCell>
              <TableCell sx={{ fontFamily: MONO }}>{line.transaction_id}</TableCell>
              <TableCell title={line.event_name}>{line.event_code}</TableCell>
              <TableCell>
                {line.event_name}
                {line.balance_affecting ? '' : ' (memo)'}
              </TableCell>
              <TableCell align="right" sx={{ fontFamily: MONO }}>
                {formatMoney(line.amount)}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={`${line.status} ${TRANSACTION_STATUS_LABELS[line.status]}`}
                />
              </TableCell>
            </TableRow>,
          ];
          if (!/^-?0(\.0+)?$/.test(line.fee.value)) {
            rows.push(
              <TableRow
                key={`${line.seq}-fee`}
                data-testid="ledger-line"
                data-event-code={line.event_code}
                data-kind="fee"
              >
                <TableCell />
                <TableCell />
                <TableCell />
                <TableCell>{line.fee.value.startsWith('-') ? 'Fee' : 'Fee returned'}</TableCell>
                <TableCell align="right" sx={{ fontFamily: MONO }} data-testid="ledger-fee">
                  {formatMoney(line.fee)}
                </TableCell>
                <TableCell>
                  <Typography variant="caption" color="text.secondary">
                    net {line.net.value}
                  </Typography>
                </TableCell>
              </TableRow>,
            );
          }
          return rows;
        })}
      </TableBody>
    </Table>
  );
}
