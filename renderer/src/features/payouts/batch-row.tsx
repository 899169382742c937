import TableCell from '@mui/material/TableCell';
import type { ResourceSummary } from '../../../../shared/bridge';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import {
  batchHeaderOf,
  formatMoneyV1,
  isBatchInFlight,
  PAYOUT_BATCH_KIND,
  PAYOUT_ITEM_KIND,
} from './payout-model';
import { useBatchSnapshot } from './payout-queries';
import { OpeningRow, TimeCell } from '../../components/opening-row';
import { ResourceLink } from '../../components/resource-link';

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
    <OpeningRow
      to={`/payouts/${encodeURIComponent(batch.id)}`}
      testId={`payout-batch-row-${batch.id}`}
      status={batch.status}
    >
      <TableCell>
        <ResourceLink kind={PAYOUT_BATCH_KIND} id={batch.id} testId="payout-batch-link" />
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
      <TimeCell time={batch.create_time} />
    </OpeningRow>
  );
}
