import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ResourceDetail } from '../../../../shared/bridge';
import { refundMachine, type RefundStatus } from '../../../../shared/machines';
import { HistoryTimeline } from '../../components/history-timeline';
import { JsonView } from '../../components/json-view';
import { StateMachineView } from '../../components/state-machine-view';
import { formatMoney, formatTime } from '../../api/api-call';
import { moneyAt, stringAt } from './payment-model';
import { Amount, Field, FieldGrid, PaymentHeader, ResourceLink, Section } from './payment-parts';

/** A refund: its amount, what it costs the seller (gross, fee returned, net), and the capture it belongs to. */
export function RefundDetail({ detail }: { detail: ResourceDetail }) {
  const { resource, summary, history } = detail;
  const captureId =
    stringAt(resource, 'supplementary_data', 'related_ids', 'capture_id') ?? summary.parent_id ?? undefined;
  const orderId = summary.order_id;
  const breakdown = (key: string) => formatMoney(moneyAt(resource, 'seller_payable_breakdown', key));

  return (
    <Stack spacing={2}>
      <PaymentHeader kind="refund" id={summary.id} status={summary.status} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Section title="Details">
          <FieldGrid>
            <Field label="Amount" testId="payment-amount">
              <Amount>{formatMoney(moneyAt(resource, 'amount'))}</Amount>
            </Field>
            <Field label="Gross" testId="payment-gross">
              <Amount>{breakdown('gross_amount')}</Amount>
            </Field>
            <Field label="Fee returned" testId="payment-fee">
              <Amount>{breakdown('svc_fee')}</Amount>
            </Field>
            <Field label="Net" testId="payment-net">
              <Amount>{breakdown('net_amount')}</Amount>
            </Field>
            <Field
              label="Total refunded"
              testId="payment-total-refunded"
              hint="on the capture, this refund included"
            >
              <Amount>{breakdown('total_refunded_amount')}</Amount>
            </Field>
            <Field label="Capture">
              {captureId ? <ResourceLink kind="capture" id={captureId} testId="payment-capture-link" /> : '—'}
            </Field>
            <Field label="Order">
              {orderId ? <ResourceLink kind="order" id={orderId} testId="payment-order-link" /> : '—'}
            </Field>
            {stringAt(resource, 'invoice_id') ? (
              <Field label="Invoice id">{stringAt(resource, 'invoice_id')}</Field>
            ) : null}
            {stringAt(resource, 'note_to_payer') ? (
              <Field label="Note to payer">{stringAt(resource, 'note_to_payer')}</Field>
            ) : null}
            <Field label="Created">
              {formatTime(stringAt(resource, 'create_time') ?? summary.create_time)}
            </Field>
          </FieldGrid>
        </Section>
        <Section title="State">
          <StateMachineView
            machine={refundMachine}
            current={summary.status as RefundStatus}
            history={history}
          />
        </Section>
      </Box>
      <Section title="History">
        <HistoryTimeline history={history} />
      </Section>
      <Section title="As the API shows it">
        <JsonView value={resource} testId="payment-json" />
      </Section>
    </Stack>
  );
}
