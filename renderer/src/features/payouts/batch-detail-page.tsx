import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { isMissing } from '../../api/api-call';
import { MONO } from '../../components/mono-font';
import { formatTime } from '../../api/format';
import { JsonView } from '../../components/json-view';
import { BatchItemsTable } from './batch-items-table';
import { BatchProgress } from './batch-progress';
import { payoutBatchMachine, type PayoutBatchStatus } from './payout-machines';
import {
  formatMoneyV1,
  isBatchInFlight,
  progressOf,
  type MoneyV1,
  type PayoutBatchView,
} from './payout-model';
import { BackLink, Figure } from '../../components/detail-parts';
import { DetailHeader, DetailMeta } from '../../components/detail-header';
import { DetailPage } from '../../components/detail-page';
import { LifecyclePanel } from '../../components/lifecycle-panel';
import { useBatchFromApi, useBatchSnapshot, useItemCounts } from './payout-queries';
import { ReturnPreview } from './return-preview';
import { FundDialog, useMerchantBalances } from './funding-bar';
import { shortfalls } from './funding-shortfall';
import { FormattedOrRaw } from '../../components/formatted-or-raw';

/**
 * `#/payouts/<batch id>`: the batch header and totals, live progress by item status, the batch's
 * machine and history, its items page by page (each with its cancel), and what 30 more simulated days
 * would return. While the batch is in flight everything is read again every second; host change events
 * keep the item lists live after that.
 */
export function BatchDetailPage({ id }: { id: string }) {
  const read = useBatchFromApi(id);
  return (
    <DetailPage
      id={id}
      read={read}
      missing={isMissing}
      notFound={{
        noun: 'payout batch',
        back: '/payouts',
        backLabel: 'All payouts',
        testId: 'payout-batch-not-found',
      }}
      top={<BackLink to="/payouts" label="Payouts" />}
    >
      {(batch) => <BatchDetail id={id} batch={batch} />}
    </DetailPage>
  );
}

function BatchDetail({ id, batch }: { id: string; batch: PayoutBatchView }) {
  const [raw, setRaw] = useState(false);
  const [statusFilter, setStatusFilter] = useState('');
  const header = batch.batch_header ?? {};
  const status = (header.batch_status ?? 'PENDING') as PayoutBatchStatus;
  const inFlight = isBatchInFlight(status);
  const snapshot = useBatchSnapshot(id, status);
  const counts = useItemCounts(id, inFlight);
  // The last poll may predate the batch's final state: count once more when it settles.
  const { refetch } = counts;
  useEffect(() => {
    if (!inFlight) void refetch();
  }, [inFlight, refetch]);
  const total = batch.total_items ?? 0;
  const progress = progressOf(counts.data ?? {}, total);

  return (
    <Stack spacing={2} data-testid="payout-batch-detail" data-batch-id={id} data-status={status}>
      <DetailHeader
        title={id}
        titleTestId="payout-batch-id"
        status={status}
        statusTestId="payout-batch-status"
        figures={
          <>
            <Figure label="Items" testId="payout-batch-total-items">
              {total.toLocaleString('en-US')}
            </Figure>
            <Figure label="Amount" testId="payout-batch-amount">
              {formatMoneyV1(header.amount)}
            </Figure>
            <Figure label="Fees" testId="payout-batch-fees">
              {formatMoneyV1(header.fees)}
            </Figure>
          </>
        }
      >
        <DetailMeta>
          <span data-testid="payout-sender-batch-id">
            Sender batch id{' '}
            <Box component="code" sx={{ fontFamily: MONO }}>
              {header.sender_batch_header?.sender_batch_id ?? '—'}
            </Box>
          </span>
          {header.sender_batch_header?.email_subject ? (
            <span>“{header.sender_batch_header.email_subject}”</span>
          ) : null}
          <span>Created {formatTime(header.time_created)}</span>
          <span data-testid="payout-batch-completed">Completed {formatTime(header.time_completed)}</span>
          {header.time_closed ? <span>Closed {formatTime(header.time_closed)}</span> : null}
          {inFlight ? <span>Live: read every second while it is processed</span> : null}
        </DetailMeta>
        {!header.amount && total > 0 ? (
          <Typography variant="caption" color="text.secondary">
            The batch pays in several currencies: the API shows totals only for a batch in one.
          </Typography>
        ) : null}
        {header.errors?.message ? (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="payout-batch-errors">
            {header.errors.name ? `${header.errors.name}: ` : ''}
            {header.errors.message}
          </Alert>
        ) : null}
        {status === 'DENIED' ? <DeniedFunding amount={header.amount} fees={header.fees} /> : null}
      </DetailHeader>

      <BatchProgress
        progress={progress}
        loading={counts.isLoading}
        error={counts.error}
        status={status}
        selected={statusFilter}
        onSelect={(next) => {
          setStatusFilter(next);
          setRaw(false);
        }}
      />

      <LifecyclePanel
        title="Batch lifecycle"
        machine={payoutBatchMachine}
        current={status}
        history={snapshot.data?.history ?? []}
      />

      <ReturnPreview batchId={id} unclaimed={counts.data?.UNCLAIMED ?? 0} />

      <FormattedOrRaw
        label="Items"
        raw={raw}
        onRaw={setRaw}
        testIds={['payout-tab-items', 'payout-tab-raw']}
        json={<JsonView value={batch} maxHeight={640} testId="payout-batch-json" />}
      >
        <>
          {progress.pending > 0 ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mb: 1 }}
              data-testid="payout-items-pending"
            >
              {status === 'DENIED'
                ? `None of the ${total.toLocaleString('en-US')} items was paid: the batch was denied.`
                : `${progress.pending.toLocaleString('en-US')} item${progress.pending === 1 ? '' : 's'} wait${progress.pending === 1 ? 's' : ''} in the batch; each is listed here once processing decides it.`}
            </Typography>
          ) : null}
          <BatchItemsTable batchId={id} status={statusFilter} onStatus={setStatusFilter} poll={inFlight} />
        </>
      </FormattedOrRaw>
    </Stack>
  );
}

/**
 * A DENIED batch paid nothing because the balance could not fund it: Add funds deposits what it lacked
 * (the sandbox's funding call), so the same items can be sent again as a new batch.
 */
function DeniedFunding({ amount, fees }: { amount?: MoneyV1 | undefined; fees?: MoneyV1 | undefined }) {
  const [open, setOpen] = useState(false);
  const { balances } = useMerchantBalances();
  // A batch in several currencies carries no totals: the dialog then opens with its default deposit.
  const lacking =
    amount?.currency && amount.value
      ? shortfalls(
          [{ currency: amount.currency, amount: amount.value, fees: fees?.value ?? '0' }],
          balances,
        )[0]
      : undefined;
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1.5 }}
      data-testid="payout-denied-funding"
      action={
        <Button color="inherit" size="small" onClick={() => setOpen(true)} data-testid="payout-denied-fund">
          Add funds
        </Button>
      }
    >
      {lacking
        ? `The balance lacks ${lacking.short} ${lacking.currency} for this batch (${lacking.needed} ${lacking.currency} with fees, ${lacking.available} ${lacking.currency} available). `
        : amount?.currency
          ? 'The balance now covers this batch. '
          : ''}
      Add funds, then send the items again as a new batch: a denied batch stays denied.
      <FundDialog
        open={open}
        onClose={() => setOpen(false)}
        initial={lacking ? { currency: lacking.currency, value: lacking.short } : undefined}
      />
    </Alert>
  );
}
