import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { ResourceDetail } from '../../../../shared/bridge';
import { captureMachine, type CaptureStatus } from '../../../../shared/machines';
import { HistoryTimeline } from '../../components/history-timeline';
import { JsonView } from '../../components/json-view';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { formatMoney, formatTime } from '../../api/api-call';
import { childrenOf, formatMinor, minorOrZero, moneyAt, stringAt, sumMinor } from './payment-model';
import {
  Amount,
  Field,
  FieldGrid,
  PaymentHeader,
  RelatedTable,
  ResourceLink,
  Section,
} from './payment-parts';
import { RefundForm } from './refund-form';

/** A capture: what the seller received (gross, fee, net), what was refunded, the Refund action, its refunds. */
export function CaptureDetail({ detail }: { detail: ResourceDetail }) {
  const { resource, summary, history, related } = detail;
  const id = summary.id;
  const status = summary.status as CaptureStatus;
  const [refunding, setRefunding] = useState(false);

  const amount = moneyAt(resource, 'amount');
  const currency = amount?.currency_code ?? summary.amount?.currency_code ?? 'USD';
  const refunds = childrenOf(related, 'refund', id);
  const refundedMinor = sumMinor(refunds, currency);
  const amountMinor = minorOrZero(amount);
  const remainingMinor = amountMinor > refundedMinor ? amountMinor - refundedMinor : 0n;
  const authorizationId = stringAt(resource, 'supplementary_data', 'related_ids', 'authorization_id');
  const orderId = summary.order_id;
  const finalCapture = (resource as { final_capture?: unknown }).final_capture;

  const actions: MachineAction[] = [
    {
      key: 'refund',
      label: 'Refund',
      onClick: () => setRefunding(true),
      ...(status === 'REFUNDED' || remainingMinor <= 0n
        ? { disabled: true, reason: 'Fully refunded: nothing is left to refund' }
        : {}),
    },
  ];

  return (
    <Stack spacing={2}>
      <PaymentHeader kind="capture" id={id} status={status} />
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
              <Amount>{formatMoney(amount)}</Amount>
            </Field>
            <Field label="Final capture" testId="payment-final-capture">
              {finalCapture === true
                ? 'Yes — the authorization is closed'
                : finalCapture === false
                  ? 'No'
                  : '—'}
            </Field>
            <Field label="Gross" testId="payment-gross">
              <Amount>{formatMoney(moneyAt(resource, 'seller_receivable_breakdown', 'gross_amount'))}</Amount>
            </Field>
            <Field label="Fee" testId="payment-fee">
              <Amount>{formatMoney(moneyAt(resource, 'seller_receivable_breakdown', 'svc_fee'))}</Amount>
            </Field>
            <Field label="Net" testId="payment-net">
              <Amount>{formatMoney(moneyAt(resource, 'seller_receivable_breakdown', 'net_amount'))}</Amount>
            </Field>
            <Field
              label="Refunded so far"
              testId="payment-refunded"
              hint={`${refunds.length} refund${refunds.length === 1 ? '' : 's'}`}
            >
              <Amount>{formatMinor(refundedMinor, currency)}</Amount>
            </Field>
            <Field label="Refundable" testId="payment-remaining">
              <Amount>{formatMinor(remainingMinor, currency)}</Amount>
            </Field>
            <Field label="Authorization">
              {authorizationId ? (
                <ResourceLink kind="authorization" id={authorizationId} testId="payment-authorization-link" />
              ) : (
                '— (captured with the order)'
              )}
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
            {stringAt(resource, 'soft_descriptor') ? (
              <Field label="Soft descriptor">{stringAt(resource, 'soft_descriptor')}</Field>
            ) : null}
            <Field label="Created">
              {formatTime(stringAt(resource, 'create_time') ?? summary.create_time)}
            </Field>
            <Field label="Updated">
              {formatTime(stringAt(resource, 'update_time') ?? summary.update_time)}
            </Field>
          </FieldGrid>
        </Section>
        <Section title="State">
          <StateMachineView machine={captureMachine} current={status} history={history} actions={actions} />
        </Section>
      </Box>
      <Section title={`Refunds (${refunds.length})`}>
        <RelatedTable
          kind="refund"
          items={refunds}
          emptyText="Nothing refunded yet."
          testId="related-refunds"
        />
      </Section>
      <Section title="History">
        <HistoryTimeline history={history} />
      </Section>
      <Section title="As the API shows it">
        <JsonView value={resource} testId="payment-json" />
      </Section>
      <RefundForm
        open={refunding}
        onClose={() => setRefunding(false)}
        captureId={id}
        currency={currency}
        remainingMinor={remainingMinor}
        onRefunded={() => setRefunding(false)}
      />
    </Stack>
  );
}
