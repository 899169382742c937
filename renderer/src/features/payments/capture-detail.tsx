import { useState } from 'react';
import type { ResourceDetail } from '../../../../shared/bridge';
import { captureMachine, type CaptureStatus } from '../../../../shared/api/payments-v2';
import { StateMachineView, type MachineAction } from '../../components/state-machine-view';
import { formatMinor, formatMoney, formatTime } from '../../api/format';
import { captureRefundAvailability } from './payment-availability';
import { childrenOf, minorOrZero, moneyAt, stringAt, sumMinor } from './payment-model';
import { AmountRow, FieldRow } from '../../components/detail-parts';
import { ResourceLink } from '../../components/resource-link';
import { BreakdownRows, OptionalField, OrderField, RelatedSection } from './payment-parts';
import { PaymentDetailLayout } from './payment-detail-layout';
import { RefundForm } from './refund-form';
import { CaptureTrackers } from '../orders';
import { OpenDisputeButton } from '../disputes';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { hrefFor } from '../../app/router';
import { Section } from '../../components/section';

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
  const orderId = summary.root?.id ?? null;
  const finalCapture = (resource as { final_capture?: unknown }).final_capture;
  const breakdown = (key: string) => formatMoney(moneyAt(resource, 'seller_receivable_breakdown', key));

  const actions: MachineAction[] = [
    {
      key: 'refund',
      label: 'Refund',
      onClick: () => setRefunding(true),
      ...captureRefundAvailability(status, remainingMinor),
    },
  ];

  return (
    <PaymentDetailLayout
      kind="capture"
      detail={detail}
      fields={
        <>
          <AmountRow label="Amount" testId="payment-amount" amount={formatMoney(amount)} />
          <FieldRow label="Final capture" testId="payment-final-capture">
            {finalCapture === true
              ? 'Yes — the authorization is closed'
              : finalCapture === false
                ? 'No'
                : '—'}
          </FieldRow>
          <BreakdownRows breakdown={breakdown} feeLabel="Fee" />
          <AmountRow
            label="Refunded so far"
            testId="payment-refunded"
            hint={`${refunds.length} refund${refunds.length === 1 ? '' : 's'}`}
            amount={formatMinor(refundedMinor, currency)}
          />
          <AmountRow
            label="Refundable"
            testId="payment-remaining"
            amount={formatMinor(remainingMinor, currency)}
          />
          <FieldRow label="Authorization">
            {authorizationId ? (
              <ResourceLink kind="authorization" id={authorizationId} testId="payment-authorization-link" />
            ) : (
              '— (captured with the order)'
            )}
          </FieldRow>
          <OrderField orderId={orderId} />
          <OptionalField label="Invoice id" value={stringAt(resource, 'invoice_id')} />
          <OptionalField label="Note to payer" value={stringAt(resource, 'note_to_payer')} />
          <OptionalField label="Soft descriptor" value={stringAt(resource, 'soft_descriptor')} />
          <FieldRow label="Created">
            {formatTime(stringAt(resource, 'create_time') ?? summary.create_time)}
          </FieldRow>
          <FieldRow label="Updated">
            {formatTime(stringAt(resource, 'update_time') ?? summary.update_time)}
          </FieldRow>
        </>
      }
      state={
        <StateMachineView machine={captureMachine} current={status} history={history} actions={actions} />
      }
      related={
        <>
          <RelatedSection
            kind="refund"
            items={refunds}
            emptyText="Nothing refunded yet."
            testId="related-refunds"
          />
          <CaptureTrackers captureId={id} status={status} />
          <Section title="Disputes" testId="related-disputes">
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              {related
                .filter((r) => r.kind === 'dispute' && r.parent_id === id)
                .map((d) => (
                  <Link
                    key={d.id}
                    href={hrefFor(`/disputes/${encodeURIComponent(d.id)}`)}
                    data-testid="capture-dispute"
                  >
                    {d.id} ({d.status})
                  </Link>
                ))}
              {status !== 'REFUNDED' ? <OpenDisputeButton transactionId={id} currency={currency} /> : null}
            </Stack>
          </Section>
        </>
      }
    >
      <RefundForm
        open={refunding}
        onClose={() => setRefunding(false)}
        captureId={id}
        currency={currency}
        remainingMinor={remainingMinor}
        onRefunded={() => setRefunding(false)}
      />
    </PaymentDetailLayout>
  );
}
