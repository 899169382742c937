import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { ResourceDetail } from '../../../../shared/bridge';
import { formatTime } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';
import { hrefFor } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { Section } from '../../components/section';
import { type MachineAction } from '../../components/state-machine-view';
import { DetailHeader } from '../../components/detail-header';
import { HostDetailPage } from '../../components/detail-page';
import { LifecyclePanel } from '../../components/lifecycle-panel';
import { payoutItemMachine, type PayoutItemStatus } from './payout-machines';
import { formatMoneyV1, PAYOUT_ITEM_KIND, RETURN_AFTER_MS, type PayoutItemView } from './payout-model';
import { useCancelItem } from './payout-mutations';
import { BackLink, FieldRow, Fields, Figure } from '../../components/detail-parts';

/**
 * `#/payout-items/<id>`: one payout item: what was paid to whom, its machine with the Cancel action
 * (open only while UNCLAIMED; otherwise disabled with the machine's reason), its history and raw JSON.
 */
export function ItemDetailPage({ id }: { id: string }) {
  return (
    <HostDetailPage
      kind={PAYOUT_ITEM_KIND}
      id={id}
      notFound={{
        noun: 'payout item',
        back: '/payouts',
        backLabel: 'All payouts',
        testId: 'payout-item-not-found',
      }}
    >
      {(detail) => <ItemDetail id={id} detail={detail} />}
    </HostDetailPage>
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
      <DetailHeader
        title={id}
        titleTestId="payout-item-id"
        status={status}
        statusTestId="payout-item-status"
        figures={
          <>
            <Figure label="Amount" testId="payout-item-amount">
              {formatMoneyV1(item.payout_item?.amount ?? detail.summary.amount)}
            </Figure>
            <Figure label="Fee">{formatMoneyV1(item.payout_item_fee)}</Figure>
          </>
        }
      >
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
      </DetailHeader>
      <LifecyclePanel
        title="Item lifecycle"
        machine={payoutItemMachine}
        current={status}
        history={detail.history}
        actions={actions}
      >
        <ApiErrorAlert
          error={cancel.error}
          title="Cancel failed"
          onClose={() => cancel.reset()}
          testId="payout-item-cancel-error"
          spaced
        />
      </LifecyclePanel>
      <Section title="Raw JSON">
        <JsonView value={detail.resource} maxHeight={480} testId="payout-item-json" />
      </Section>
    </Stack>
  );
}
