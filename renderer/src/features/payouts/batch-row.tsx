import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ResourceSummary } from '../../../../shared/bridge';
import { formatTime } from '../../api/format';
import { hrefFor, navigate } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { batchHeaderOf, formatMoneyV1, isBatchInFlight, PAYOUT_ITEM_KIND } from './payout-model';
import { useBatchSnapshot } from './payout-queries';

/**
 * One batch of the list: its status and amount from the list, the rest from the batch as the host keeps
 * it (read once per status): its fees, its sender batch id, and the items it decided.
 */
export function BatchRow({ batch }: { batch: ResourceSummary }) {
  const snapshot = useBatchSnapshot(batch.id, batch.status);
  const header = batchHeaderOf(snapshot.data?.resource);
  const decided = snapshot.data?.related.filter((r) => r.kind === PAYOUT_ITEM_KIND).length;
  const items = isBatchInFlight(batch.status) ? '…' : batch.status === 'DENIED' ? 'none paid' : decided;
  return (
    <TableRow
      hover
      data-testid={`payout-batch-row-${batch.id}`}
      data-status={batch.status}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a')) navigate(`/payouts/${encodeURIComponent(batch.id)}`);
      }}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <Link
          href={hrefFor(`/payouts/${encodeURIComponent(batch.id)}`)}
          underline="hover"
          sx={{ fontFamily: MONO }}
          data-testid="payout-batch-link"
        >
          {batch.id}
        </Link>
      </TableCell>
      <TableCell sx={{ fontFamily: MONO, fontSize: 13 }}>
        {header.sender_batch_header?.sender_batch_id ?? '—'}
      </TableCell>
      <TableCell>
        <StatusChip status={batch.status} />
      </TableCell>
      <TableCell align="right" data-testid="payout-batch-items">
        {items ?? '—'}
      </TableCell>
      <TableCell
        align="right"
        sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}
        data-testid="payout-batch-amount"
      >
        {formatMoneyV1(header.amount ?? batch.amount)}
      </TableCell>
      <TableCell align="right" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
        {formatMoneyV1(header.fees)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {formatTime(batch.create_time)}
      </TableCell>
    </TableRow>
  );
}
