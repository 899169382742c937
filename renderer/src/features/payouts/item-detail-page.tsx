import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResourceDetail } from '../../../../shared/bridge';
import { isNotFound } from '../../api/api-call';
import { formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { hrefFor } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { HistoryTimeline } from '../../components/history-timeline';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { payoutItemMachine, type PayoutItemStatus } from './payout-machines';
import { formatMoneyV1, PAYOUT_ITEM_KIND, RETURN_AFTER_MS, type PayoutItemView } from './payout-model';
import { useCancelItem } from './payout-mutations';
import { BackLink, FieldRow, Fields, Figure, NotFound } from '../../components/detail-parts';
import { useResourceDetail } from './payout-queries';

/**
 * `#/payout-items/<id>`: one payout item: what was paid to whom, its machine with the Cancel action
 * (open only while UNCLAIMED; otherwise disabled with the machine's reason), its history and raw JSON.
 */
export function ItemDetailPage({ id }: { id: string }) {
  const detail = useResourceDetail(PAYOUT_ITEM_KIND, id);
  if (detail.error && isNotFound(detail.error)) {
    return (
      <NotFound
        noun="payout item"
        id={id}
        back="/payouts"
        backLabel="All payouts"
        testId="payout-item-not-found"
      />
    );
  }
  return (
    <Stack spacing={2}>
      <QueryState loading={detail.isLoading} error={detail.error}>
        {detail.data ? <ItemDetail id={id} detail={detail.data} /> : null}
      </QueryState>
    </Stack>
  );
}

function ItemDetail({ id, detail }: { id: string; detail: ResourceDetail }) {
  const item = detail.resource as PayoutItemView;
  const status = (item.transaction_status ?? detail.summary.status) as PayoutItemStatus;
  const batchId = item.payout_batch_id ?? detail.summary.root?.id ?? detail.summary.parent_id ?? undefined;
  const cancel = useCancelItem();
  const actions: MachineAction[] = [
    {
      key: 'cancel',
      label: 'Cancel unclaimed payout',
      onClick: () => cancel.mutate(id),
      ...machineAvailability(payoutItemMachine, status, 'cancel'),
      busy: cancel.isPending,
    },
  ];
  const unclaimedSince = status === 'UNCLAIMED' ? Date.parse(detail.summary.update_time) : NaN;

  return (
    <Stack spacing={2} data-testid="payout-item-detail" data-item-id={id} data-status={status}>
      <BackLink
        to={batchId ? `/payouts/${encodeURIComponent(batchId)}` : '/payouts'}
        label={batchId ? `Batch ${batchId}` : 'Payouts'}
      />
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ fontFamily: MONO, fontWeight: 600 }}
            data-testid="payout-item-id"
          >
            {id}
          </Typography>
          <Box component="span" data-testid="payout-item-status" data-status={status}>
            <StatusChip status={status} size="medium" />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Figure label="Amount" testId="payout-item-amount">
            {formatMoneyV1(item.payout_item?.amount ?? detail.summary.amount)}
          </Figure>
          <Figure label="Fee">{formatMoneyV1(item.payout_item_fee)}</Figure>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Fields>
            <FieldRow label="Receiver" testId="payout-item-receiver">
              {item.payout_item?.receiver ?? '—'} ({item.payout_item?.recipient_type ?? '—'})
            </FieldRow>
            <FieldRow label="Note">{item.payout_item?.note ?? '—'}</FieldRow>
            <FieldRow label="Sender item id" mono>
              {item.payout_item?.sender_item_id ?? '—'}
            </FieldRow>
            <FieldRow label="Batch" mono>
              {batchId ? (
                <Link href={hrefFor(`/payouts/${encodeURIComponent(batchId)}`)}>{batchId}</Link>
              ) : (
                '—'
              )}
              {item.sender_batch_id ? ` (${item.sender_batch_id})` : ''}
            </FieldRow>
            <FieldRow label="Transaction" mono>
              {item.transaction_id ?? '—'}
            </FieldRow>
            <FieldRow label="Processed">{formatTime(item.time_processed)}</FieldRow>
            {item.errors?.message ? (
              <FieldRow label="Error">
                {item.errors.name ? `${item.errors.name}: ` : ''}
                {item.errors.message}
              </FieldRow>
            ) : null}
            {!Number.isNaN(unclaimedSince) ? (
              <FieldRow label="Returns" testId="payout-item-returns">
                {formatTime(new Date(unclaimedSince + RETURN_AFTER_MS).toISOString())} unless claimed or
                cancelled first
              </FieldRow>
            ) : null}
          </Fields>
        </Box>
      </Paper>
      <Paper sx={{ p: 2.5 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
            <Section title="Item lifecycle" frame="none">
              <StateMachineView
                machine={payoutItemMachine}
                current={status}
                history={detail.history}
                actions={actions}
              />
              {cancel.error ? (
                <Box sx={{ mt: 1.5 }}>
                  <ApiErrorAlert
                    error={cancel.error}
                    title="Cancel failed"
                    onClose={() => cancel.reset()}
                    testId="payout-item-cancel-error"
                  />
                </Box>
              ) : null}
            </Section>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
            <Section title="History" frame="none">
              <HistoryTimeline history={detail.history} />
            </Section>
          </Grid>
        </Grid>
      </Paper>
      <Section title="Raw JSON">
        <JsonView value={detail.resource} maxHeight={480} testId="payout-item-json" />
      </Section>
    </Stack>
  );
}
