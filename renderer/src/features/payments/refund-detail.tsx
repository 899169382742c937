import type { ResourceDetail } from '../../../../shared/bridge';
import { refundMachine, type RefundStatus } from '../../../../shared/api/payments-v2';
import { StateMachineView } from '../../components/state-machine-view';
import { formatMoney, formatTime } from '../../api/format';
import { moneyAt, stringAt } from './payment-model';
import { AmountRow, FieldRow } from '../../components/detail-parts';
import { ResourceLink } from '../../components/resource-link';
import { BreakdownRows, OptionalField, OrderField } from './payment-parts';
import { PaymentDetailLayout } from './payment-detail-layout';

/** A refund: its amount, what it costs the seller (gross, fee returned, net), and the capture it belongs to. */
export function RefundDetail({ detail }: { detail: ResourceDetail }) {
  const { resource, summary, history } = detail;
  const captureId =
    stringAt(resource, 'supplementary_data', 'related_ids', 'capture_id') ?? summary.parent_id ?? undefined;
  const orderId = summary.root?.id ?? null;
  const breakdown = (key: string) => formatMoney(moneyAt(resource, 'seller_payable_breakdown', key));

  return (
    <PaymentDetailLayout
      kind="refund"
      detail={detail}
      fields={
        <>
          <AmountRow
            label="Amount"
            testId="payment-amount"
            amount={formatMoney(moneyAt(resource, 'amount'))}
          />
          <BreakdownRows breakdown={breakdown} feeLabel="Fee returned" />
          <AmountRow
            label="Total refunded"
            testId="payment-total-refunded"
            hint="on the capture, this refund included"
            amount={breakdown('total_refunded_amount')}
          />
          <FieldRow label="Capture">
            {captureId ? <ResourceLink kind="capture" id={captureId} testId="payment-capture-link" /> : '—'}
          </FieldRow>
          <OrderField orderId={orderId} />
          <OptionalField label="Invoice id" value={stringAt(resource, 'invoice_id')} />
          <OptionalField label="Note to payer" value={stringAt(resource, 'note_to_payer')} />
          <FieldRow label="Created">
            {formatTime(stringAt(resource, 'create_time') ?? summary.create_time)}
          </FieldRow>
        </>
      }
      state={
        <StateMachineView
          machine={refundMachine}
          current={summary.status as RefundStatus}
          history={history}
        />
      }
    />
  );
}
