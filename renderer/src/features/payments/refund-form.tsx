import type { FormEvent } from 'react';
import type { RefundRequest } from '../../../../shared/api/payments-v2';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { REFUND_LIMITS, checkRefund, refundDraft } from './payment-forms';
import { useCreatingMoneyAction } from './payment-mutations';
import { RemainingAmountFields } from './remaining-amount-fields';
import { useCheckedDraft } from './use-checked-draft';
import { DraftTextField } from './draft-text-field';

interface RefundFormProps {
  open: boolean;
  onClose(): void;
  captureId: string;
  currency: string;
  /** What can still be refunded, in minor units. */
  remainingMinor: bigint;
  onRefunded(refundId: string): void;
}

/** Refund (part of) a capture; the amount defaults to what has not been refunded yet. */
export function RefundForm(props: RefundFormProps) {
  return (
    <MoneyDialog name="refund" open={props.open} onClose={props.onClose}>
      <RefundFormBody {...props} />
    </MoneyDialog>
  );
}

function RefundFormBody({ onClose, captureId, currency, remainingMinor, onRefunded }: RefundFormProps) {
  const form = useCheckedDraft(
    () => refundDraft(remainingMinor, currency),
    (draft) => checkRefund(draft, currency, remainingMinor),
  );
  const refund = useCreatingMoneyAction<RefundRequest>('capture', captureId, 'refund', {
    done: 'Refunded',
    currency,
    onCreated: onRefunded,
  });

  const submit = (event: FormEvent) => {
    const body = form.submit(event);
    if (body && !refund.isPending) refund.mutate(body);
  };

  return (
    <MoneyDialogForm
      name="refund"
      title="Refund capture"
      onSubmit={submit}
      onClose={onClose}
      call={refund}
      invalid={form.invalid}
      failedTitle="Refund failed"
      submitLabel="Refund"
      pendingLabel="Refunding…"
    >
      <RemainingAmountFields
        form={form}
        remainingLabel="Refundable"
        parentId={captureId}
        currency={currency}
        remainingMinor={remainingMinor}
        hint="Part of the fee comes back in proportion."
        testPrefix="refund"
      />
      <DraftTextField
        form={form}
        field="note_to_payer"
        label="Note to payer"
        limit={REFUND_LIMITS.note_to_payer}
        testId="refund-note"
        multiline
      />
      <DraftTextField
        form={form}
        field="invoice_id"
        label="Invoice id"
        limit={REFUND_LIMITS.invoice_id}
        testId="refund-invoice-id"
      />
    </MoneyDialogForm>
  );
}
