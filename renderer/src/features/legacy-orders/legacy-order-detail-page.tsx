import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { orderV1Machine } from '../../../../shared/api/orders-v1/machines';
import { legalTriggers } from '../../../../shared/machines/machine';
import type { ResourceDetail } from '../../../../shared/bridge';
import { isNotFound, newRequestId } from '../../api/api-call';
import { formatMoney, formatTime } from '../../api/format';
import { hrefFor, navigate } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { DeprecationNotice } from '../../components/deprecation';
import { HistoryAndResource } from '../../components/history-timeline';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { Amount } from '../../components/amount';
import { AmountRow, BuyerPageRow, FieldRow, Fields } from '../../components/detail-parts';
import {
  approvalUrlOf,
  canDisburse,
  isCardOrder,
  ORDERS_V1_PATH,
  orderV1Path,
  ORDER_V1_KIND,
  payerOf,
  unitRows,
} from './order-v1-model';
import { useOrderV1Call } from './orders-v1-api';
import { useResourceDetail } from '../../api/use-resource-detail';
import { TwoColumns } from '../../components/two-columns';
import { SelectField } from '../../components/select-field';
import { ColumnsTable } from '../../components/columns-table';
import { CrumbHeading } from '../../components/crumb-heading';

/**
 * One v1 order (`#/legacy-orders/<id>`): details beside its state machine with the legal actions (approve
 * as the sandbox buyer, pay INSTANT or DELAYED, disburse held funds, delete), its purchase units, history
 * and JSON, under the notice naming its replacement.
 */
export function LegacyOrderDetailPage({ id }: { id: string }) {
  const detail = useResourceDetail(ORDER_V1_KIND, id);
  if (detail.error && isNotFound(detail.error)) {
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="order-v1-not-found">
        <Typography variant="h6" component="h1">
          No v1 order{' '}
          <Box component="span" sx={{ fontFamily: MONO }}>
            {id}
          </Box>
        </Typography>
        <Button variant="outlined" href={hrefFor('/legacy-orders')} sx={{ mt: 2 }}>
          All v1 orders
        </Button>
      </Paper>
    );
  }
  return (
    <Box data-testid="order-v1-detail" data-id={id} data-status={detail.data?.summary.status}>
      <QueryState loading={detail.isLoading} error={detail.error}>
        {detail.data ? <Detail detail={detail.data} /> : null}
      </QueryState>
    </Box>
  );
}

function Detail({ detail }: { detail: ResourceDetail }) {
  const { resource, summary, history } = detail;
  const status = summary.status as keyof typeof orderV1Machine.states;
  const legal = legalTriggers(orderV1Machine, status);
  const path = orderV1Path(summary.id);
  const [mode, setMode] = useState<'INSTANT' | 'DELAYED'>('INSTANT');
  // One Svc-Request-Id per page: a repeated Pay answers the first pay response (kept forever).
  const [payKey] = useState(newRequestId);
  const call = useOrderV1Call();
  const removal = useOrderV1Call(() => navigate('/legacy-orders'));
  const card = isCardOrder(resource);
  const run = (request: Parameters<typeof call.mutate>[0]) => call.mutate(request);

  const actions: MachineAction[] = [
    {
      key: 'approve',
      label: 'Approve as buyer',
      onClick: () =>
        run({ method: 'POST', path: `/v1/test-helpers/checkout/v1-orders/${summary.id}/approve`, body: {} }),
      disabled: !legal.includes('approve') || card,
      ...(card ? { reason: 'A card order is paid with a card, not approved by a buyer.' } : {}),
      busy: call.isPending,
    },
    {
      key: 'pay',
      label: `Pay (${mode})`,
      onClick: () =>
        run({
          method: 'POST',
          path: `${path}/pay`,
          headers: { 'Svc-Request-Id': payKey },
          body: card
            ? {
                disbursement_mode: mode,
                payer: {
                  payment_method: 'credit_card',
                  funding_instruments: [
                    {
                      credit_card: {
                        number: '4111111111111111',
                        expire_month: 12,
                        expire_year: 2030,
                        first_name: 'Bailey',
                        last_name: 'Buyer',
                      },
                    },
                  ],
                },
              }
            : { disbursement_mode: mode },
        }),
      disabled: !(legal.includes('pay') || (card && legal.includes('pay-with-card'))),
      ...(status === 'CREATED' && !card ? { reason: 'The buyer has not approved it yet.' } : {}),
      busy: call.isPending,
    },
    {
      key: 'disburse',
      label: 'Disburse held funds',
      onClick: () => run({ method: 'POST', path: `${path}/disburse`, body: {} }),
      disabled: !canDisburse(resource),
      ...(status === 'COMPLETED' && !canDisburse(resource) ? { reason: 'No funds are held.' } : {}),
      busy: call.isPending,
    },
    {
      key: 'delete',
      label: 'Delete',
      onClick: () => removal.mutate({ method: 'DELETE', path }),
      disabled: !legal.includes('delete'),
      ...(status === 'COMPLETED'
        ? { reason: 'This order is in progress: a paid order cannot be deleted.' }
        : {}),
      busy: removal.isPending,
    },
  ];

  const approval = approvalUrlOf(resource);
  const units = unitRows(resource);
  return (
    <Stack spacing={2}>
      <CrumbHeading
        listRoute="/legacy-orders"
        listLabel="Orders v1"
        noun="Order"
        id={summary.id}
        status={summary.status}
        statusTestId="order-v1-status"
      />
      <DeprecationNotice pathPrefix={ORDERS_V1_PATH} what="Orders v1" />
      <ApiErrorAlert
        error={call.error ?? removal.error}
        title="The API refused"
        onClose={() => (call.reset(), removal.reset())}
        testId="order-v1-error"
      />
      <TwoColumns>
        <Section title="Details">
          <Fields>
            <AmountRow label="Gross total" testId="order-v1-gross" amount={formatMoney(summary.amount)} />
            <FieldRow label="Intent">{summary.intent ?? '—'}</FieldRow>
            <FieldRow label="Payer" testId="order-v1-payer">
              {payerOf(resource) ?? (card ? 'paid with a card' : 'not yet approved')}
            </FieldRow>
            <BuyerPageRow href={approval} label="Open the approval page" testId="order-v1-buyer-page-link" />
            <FieldRow label="Created">{formatTime(summary.create_time)}</FieldRow>
          </Fields>
          <SelectField
            native
            label="Disbursement mode for Pay"
            value={mode}
            onChange={(value) => setMode(value as 'INSTANT' | 'DELAYED')}
            choices={[
              { value: 'INSTANT', label: 'INSTANT: pay the payee now' },
              { value: 'DELAYED', label: 'DELAYED: hold until disbursed' },
            ]}
            testId="order-v1-disbursement"
            sx={{ mt: 2, width: 260 }}
            disabled={!legal.includes('pay') && !legal.includes('pay-with-card')}
          />
        </Section>
        <Section title="State">
          <StateMachineView machine={orderV1Machine} current={status} history={history} actions={actions} />
        </Section>
      </TwoColumns>
      <Section title={`Purchase units (${units.length})`}>
        <ColumnsTable
          columns={[
            'Reference',
            'Payee',
            { label: 'Total', align: 'right' },
            'Partner fee',
            'Status',
            'Payment',
          ]}
          testId="order-v1-units"
        >
          {units.map((unit) => (
            <TableRow
              key={unit.reference_id}
              data-testid={`order-v1-unit-${unit.reference_id}`}
              data-status={unit.status}
            >
              <TableCell sx={{ fontFamily: MONO }}>{unit.reference_id}</TableCell>
              <TableCell>{unit.payee ?? '—'}</TableCell>
              <TableCell align="right">
                <Amount>{unit.total}</Amount>
              </TableCell>
              <TableCell>{unit.partnerFee ?? '—'}</TableCell>
              <TableCell>
                <StatusChip status={unit.status} />
              </TableCell>
              <TableCell>
                {unit.transaction ? (
                  <Box
                    component="span"
                    data-testid={`order-v1-payment-${unit.reference_id}`}
                    data-status={unit.transaction.status}
                  >
                    <Box component="span" sx={{ fontFamily: MONO }}>
                      {unit.transaction.id}
                    </Box>{' '}
                    {unit.transaction.status}
                    {unit.transaction.fee ? ` · fee ${unit.transaction.fee}` : ''}
                    {unit.transaction.disbursement ? ` · ${unit.transaction.disbursement}` : ''}
                  </Box>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      </Section>
      <HistoryAndResource history={history} resource={resource} jsonTestId="order-v1-json" />
    </Stack>
  );
}
