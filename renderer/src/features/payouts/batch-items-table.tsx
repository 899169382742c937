import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { ResourceSummary } from '../../../../shared/bridge';
import { formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { StatusChip } from '../../components/status-chip';
import { payoutItemMachine, type PayoutItemStatus } from './payout-machines';
import { formatMoneyV1, ITEM_STATUSES, PAYOUT_ITEM_KIND, positionInBatch } from './payout-model';
import { useCancelItem } from './payout-mutations';
import { ITEMS_PAGE_SIZE, useBatchItems } from './payout-queries';
import { SelectField } from '../../components/select-field';
import { ResourceLink } from '../../components/resource-link';

/**
 * A batch's items, a page at a time, optionally of one status: each with its status, amount, a link to
 * its page (machine, history) and its Cancel, open only for UNCLAIMED items; otherwise disabled with the
 * reason the machine gives. Test ids: `payout-item-row-<id>` (`data-status`), `payout-item-cancel-<id>`.
 */
export function BatchItemsTable({
  batchId,
  status,
  onStatus,
  poll,
}: {
  batchId: string;
  status: string;
  onStatus(status: string): void;
  poll: boolean;
}) {
  // The page belongs to a filter: a new filter starts at the first page.
  const [paging, setPaging] = useState({ status, page: 0 });
  const page = paging.status === status ? paging.page : 0;
  const items = useBatchItems(batchId, status, page, poll);
  const cancel = useCancelItem();
  const total = items.data?.total ?? 0;

  return (
    <Stack spacing={1} data-testid="payout-items">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <SelectField
          native
          label="Status"
          value={status}
          onChange={onStatus}
          emptyChoice="All statuses"
          choices={ITEM_STATUSES}
          testId="payout-items-status-filter"
          sx={{ width: 220 }}
        />
        <Box sx={{ flexGrow: 1 }} />
      </Stack>
      <ApiErrorAlert
        error={cancel.error}
        title="Cancel failed"
        onClose={() => cancel.reset()}
        testId="payout-cancel-error"
      />
      <Box sx={{ height: 4 }}>
        {items.isFetching && !items.isLoading && !poll ? <LinearProgress /> : null}
      </Box>
      <QueryState
        loading={items.isLoading}
        error={items.error}
        empty={items.data?.items.length === 0}
        emptyText={status ? `No ${status} items.` : 'No items yet.'}
      >
        <TableContainer>
          <Table size="small" data-testid="payout-items-table">
            <TableHead>
              <TableRow>
                <TableCell align="right" title="The item's position in the batch, as sent (CSV data row)">
                  #
                </TableCell>
                <TableCell>Item</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Updated</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(items.data?.items ?? []).map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  position={positionInBatch(batchId, item.id)}
                  cancelling={cancel.isPending && cancel.variables === item.id}
                  onCancel={() => cancel.mutate(item.id)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, Math.max(0, Math.ceil(total / ITEMS_PAGE_SIZE) - 1))}
          onPageChange={(_e, next) => setPaging({ status, page: next })}
          rowsPerPage={ITEMS_PAGE_SIZE}
          rowsPerPageOptions={[ITEMS_PAGE_SIZE]}
          data-testid="payout-items-pagination"
        />
      </QueryState>
    </Stack>
  );
}

function ItemRow({
  item,
  position,
  cancelling,
  onCancel,
}: {
  item: ResourceSummary;
  position: number | undefined;
  cancelling: boolean;
  onCancel(): void;
}) {
  const availability = machineAvailability(payoutItemMachine, item.status as PayoutItemStatus, 'cancel');
  return (
    <TableRow hover data-testid={`payout-item-row-${item.id}`} data-status={item.status}>
      <TableCell align="right" sx={{ fontFamily: MONO, color: 'text.secondary' }}>
        {position ?? '—'}
      </TableCell>
      <TableCell>
        <ResourceLink kind={PAYOUT_ITEM_KIND} id={item.id} testId="payout-item-link" />
      </TableCell>
      <TableCell>
        <StatusChip status={item.status} />
      </TableCell>
      <TableCell align="right" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
        {formatMoneyV1(item.amount)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {formatTime(item.update_time)}
      </TableCell>
      <TableCell align="right">
        <Tooltip title={availability.reason ?? 'Return this unclaimed payout to the sender now'}>
          <span>
            <Button
              size="small"
              color="warning"
              disabled={availability.disabled || cancelling}
              onClick={onCancel}
              data-testid={`payout-item-cancel-${item.id}`}
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </Button>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
