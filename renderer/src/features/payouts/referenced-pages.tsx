import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry, ResourceDetail } from '../../../../shared/bridge';
import { callApi, isMissing, ApiCallError } from '../../api/api-call';
import { formatMoney } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { hrefFor } from '../../app/router';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StatusChip } from '../../components/status-chip';
import { bridge } from '../../bridge';
import {
  referencedPayoutBatchMachine,
  referencedPayoutItemMachine,
  type ReferencedPayoutBatchStatus,
  type ReferencedPayoutItemStatus,
} from './payout-machines';
import { formatTotals, REFERENCED_BATCH_KIND, REFERENCED_ITEM_KIND, sumByCurrency } from './payout-model';
import { BackLink, FieldRow, Fields, Figure, NotFound } from '../../components/detail-parts';
import { DetailHeader } from '../../components/detail-header';
import { HostDetailPage } from '../../components/detail-page';
import { LifecyclePanel } from '../../components/lifecycle-panel';
import { IN_FLIGHT_POLL_MS } from './payout-queries';
import { REFERENCED_PAYOUTS_PATH } from './payouts-api';
import { ColumnsTable } from '../../components/columns-table';

/** The pages of one referenced payout batch (`#/referenced-payouts/<id>`) and item (`#/referenced-payout-items/<id>`). */

interface ReferencedItemView {
  item_id?: string;
  processing_state?: { status?: string; reason?: string };
  reference_id?: string;
  reference_type?: string;
  payout_amount?: { currency_code?: string; value?: string };
  payout_destination?: string;
  payout_transaction_id?: string;
  disbursement_transaction_id?: string;
  payee_email?: string;
  external_merchant_id?: string;
  external_reference_id?: string;
  invoice_id?: string;
  custom?: string;
}

interface ReferencedBatchView {
  referenced_payouts?: ReferencedItemView[];
  payout_directive?: { destination?: string; type?: string };
}

/** The bridge takes ids of at most this many characters; longer batch ids are read through the API. */
const BRIDGE_ID_MAX = 36;

const FINAL_ITEM_STATES: ReadonlySet<string> = new Set(['SUCCESS', 'FAILED']);

const allFinal = (items: readonly ReferencedItemView[]): boolean =>
  items.length > 0 && items.every((i) => FINAL_ITEM_STATES.has(i.processing_state?.status ?? ''));

export function ReferencedBatchPage({ id }: { id: string }) {
  // The API's own view (items and directive): the batch id of the platform is longer than the bridge takes.
  const batch = useQuery({
    queryKey: queryKeys.payouts.referencedBatch(id),
    queryFn: async () =>
      (await callApi({ method: 'GET', path: `${REFERENCED_PAYOUTS_PATH}/${encodeURIComponent(id)}` }))
        .body as ReferencedBatchView,
    retry: (failures, error) => !(error instanceof ApiCallError && error.status < 500) && failures < 2,
    // Asynchronous items are decided on the scheduler: read again until every one is final.
    refetchInterval: (query) =>
      query.state.status === 'success' && !allFinal(query.state.data?.referenced_payouts ?? [])
        ? IN_FLIGHT_POLL_MS
        : false,
  });
  const stored = useQuery({
    queryKey: queryKeys.resource.detail(REFERENCED_BATCH_KIND, id),
    queryFn: () => bridge.getResource({ kind: REFERENCED_BATCH_KIND, id }),
    enabled: id.length <= BRIDGE_ID_MAX,
    retry: false,
  });
  if (isMissing(batch.error)) {
    return (
      <NotFound
        noun="referenced payout batch"
        id={id}
        back="/referenced-payouts"
        backLabel="All referenced payouts"
        testId="referenced-batch-not-found"
      />
    );
  }
  const items = batch.data?.referenced_payouts ?? [];
  const derived: ReferencedPayoutBatchStatus = allFinal(items) ? 'COMPLETED' : 'PROCESSING';
  const status = (stored.data?.summary.status as ReferencedPayoutBatchStatus | undefined) ?? derived;
  const history: HistoryEntry[] = stored.data?.history ?? [];

  return (
    <Stack spacing={2}>
      <BackLink to="/referenced-payouts" label="Referenced payouts" />
      <QueryState loading={batch.isLoading} error={batch.error}>
        <Stack spacing={2} data-testid="referenced-batch-detail" data-status={status}>
          <DetailHeader
            title={id}
            status={status}
            figures={
              <>
                <Figure label="Items">{items.length}</Figure>
                <Figure label="Amount" testId="referenced-batch-amount">
                  {formatTotals(sumByCurrency(items.map((i) => i.payout_amount)))}
                </Figure>
              </>
            }
          >
            {batch.data?.payout_directive ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Directive: {batch.data.payout_directive.type} →{' '}
                <code>{batch.data.payout_directive.destination}</code>
              </Typography>
            ) : null}
          </DetailHeader>
          <LifecyclePanel
            title="Batch lifecycle"
            machine={referencedPayoutBatchMachine}
            current={status}
            history={history}
            noHistory={
              stored.data ? undefined : (
                <Typography variant="body2" color="text.secondary">
                  The workbench keeps no history it can read for this id: the status shown is worked out from
                  the items the API lists.
                </Typography>
              )
            }
          />
          <Section title="Items">
            <ColumnsTable
              columns={['Item', 'Status', 'Reference', { label: 'Amount', align: 'right' }, 'Payee']}
              testId="referenced-batch-items"
            >
              {items.map((item) => (
                <TableRow
                  key={item.item_id}
                  data-testid={`referenced-batch-item-${item.item_id}`}
                  data-status={item.processing_state?.status}
                >
                  <TableCell>
                    <Link
                      href={hrefFor(`/referenced-payout-items/${encodeURIComponent(item.item_id ?? '')}`)}
                      sx={{ fontFamily: MONO }}
                    >
                      {item.item_id}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <StatusChip status={item.processing_state?.status ?? '—'} />
                    {item.processing_state?.reason ? (
                      <Typography variant="caption" color="error" sx={{ ml: 1 }}>
                        {item.processing_state.reason}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: MONO, fontSize: 13 }}>
                    {item.reference_id} ({item.reference_type})
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {formatMoney(item.payout_amount)}
                  </TableCell>
                  <TableCell>{item.payee_email ?? item.payout_destination ?? '—'}</TableCell>
                </TableRow>
              ))}
            </ColumnsTable>
          </Section>
          <Section title="Raw JSON">
            <JsonView value={batch.data} maxHeight={480} testId="referenced-batch-json" />
          </Section>
        </Stack>
      </QueryState>
    </Stack>
  );
}

export function ReferencedItemPage({ id }: { id: string }) {
  return (
    <HostDetailPage
      kind={REFERENCED_ITEM_KIND}
      id={id}
      notFound={{
        noun: 'referenced payout item',
        back: '/referenced-payouts',
        backLabel: 'All referenced payouts',
        testId: 'referenced-item-not-found',
      }}
    >
      {(detail) => <ReferencedItem id={id} detail={detail} />}
    </HostDetailPage>
  );
}

function ReferencedItem({ id, detail }: { id: string; detail: ResourceDetail }) {
  const item = detail.resource as ReferencedItemView;
  const status = (item.processing_state?.status ?? detail.summary.status) as ReferencedPayoutItemStatus;
  const batchId = detail.summary.root && detail.summary.root.id !== id ? detail.summary.root.id : undefined;
  return (
    <Stack spacing={2} data-testid="referenced-item-detail" data-item-id={id} data-status={status}>
      <BackLink
        to={batchId ? `/referenced-payouts/${encodeURIComponent(batchId)}` : '/referenced-payouts'}
        label={batchId ? 'Its batch' : 'Referenced payouts'}
      />
      <DetailHeader
        title={id}
        status={status}
        statusTestId="referenced-item-status"
        figures={
          <Figure label="Payout amount" testId="referenced-item-amount">
            {formatMoney(item.payout_amount)}
          </Figure>
        }
      >
        <Box sx={{ mt: 2 }}>
          <Fields>
            <FieldRow label="Reference" mono>
              {item.reference_id} ({item.reference_type})
            </FieldRow>
            {item.processing_state?.reason ? (
              <FieldRow label="Why it failed">{item.processing_state.reason}</FieldRow>
            ) : null}
            <FieldRow label="Payee">{item.payee_email ?? '—'}</FieldRow>
            <FieldRow label="Destination" mono>
              {item.payout_destination ?? '—'}
            </FieldRow>
            <FieldRow label="Payout transaction" mono>
              {item.payout_transaction_id ?? '—'}
            </FieldRow>
            <FieldRow label="Referenced transaction" mono>
              {item.disbursement_transaction_id ?? '—'}
            </FieldRow>
          </Fields>
        </Box>
      </DetailHeader>
      <LifecyclePanel
        title="Item lifecycle"
        machine={referencedPayoutItemMachine}
        current={status}
        history={detail.history}
      />
      <Section title="Raw JSON">
        <JsonView value={detail.resource} maxHeight={480} testId="referenced-item-json" />
      </Section>
    </Stack>
  );
}
