import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import type { RequestLogSummary } from '../../../../shared/bridge';
import { formatTime } from '../../api/format';
import { DeprecatedChip } from '../../components/deprecation';
import { HttpStatusChip } from '../../components/http-status-chip';
import { MONO } from '../../components/mono-font';
import { SourceChip } from './source-chip';

const mono = { fontFamily: MONO, fontSize: 12.5 };

/**
 * One request of the log's table. Memoized: a page of older rows, a live refresh or a selection draws
 * only the rows whose request or selection changed, not every row in view again.
 */
export const LogRow = memo(function LogRow({
  row,
  index,
  selected,
  onSelect,
  measure,
  simulatedToday,
  realToday,
}: {
  row: RequestLogSummary;
  /** The row's place in the list, for the virtualizer's measuring. */
  index: number;
  selected: boolean;
  onSelect: (id: number) => void;
  measure: (element: Element | null) => void;
  simulatedToday: string | undefined;
  realToday: string;
}) {
  return (
    <TableRow
      ref={measure}
      data-index={index}
      hover
      selected={selected}
      onClick={() => onSelect(row.id)}
      data-testid={`log-row-${row.id}`}
      data-status={row.status}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell
        sx={{ ...mono, whiteSpace: 'nowrap' }}
        title={
          row.simulated_at
            ? `Simulated ${formatTime(row.simulated_at, { milliseconds: true })}; real ${formatTime(row.at, { milliseconds: true })}`
            : 'Not recorded (logged by an older version)'
        }
        data-testid="log-simulated-time"
      >
        {formatTime(row.simulated_at, { milliseconds: true, today: simulatedToday })}
      </TableCell>
      <TableCell
        sx={{ ...mono, whiteSpace: 'nowrap', color: 'text.secondary' }}
        title={`Real ${formatTime(row.at, { milliseconds: true })}`}
        data-testid="log-real-time"
      >
        {formatTime(row.at, { milliseconds: true, today: realToday })}
      </TableCell>
      <TableCell>
        <SourceChip source={row.source} testId={`log-source-${row.id}`} />
      </TableCell>
      <TableCell sx={{ ...mono, fontWeight: 700 }}>{row.method}</TableCell>
      <TableCell sx={{ ...mono, wordBreak: 'break-all', minWidth: 180 }}>
        {row.path}
        {row.deprecated ? (
          <>
            {' '}
            <DeprecatedChip replacement={row.deprecated.replacement} testId={`log-deprecated-${row.id}`} />
          </>
        ) : null}
      </TableCell>
      <TableCell>
        <HttpStatusChip status={row.status} />
      </TableCell>
      <TableCell align="right" sx={{ ...mono, whiteSpace: 'nowrap' }}>
        {row.duration_ms.toFixed(1)} ms
      </TableCell>
    </TableRow>
  );
});
