import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import type { CaptureRequest } from '../../../../shared/api/payments-v2';
import { useUi } from '../../app/ui-store';
import { AmountField, MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { MONO } from '../../components/mono-font';
import { CAPTURE_LIMITS, captureDraft, checkAmountInput, checkCapture } from './payment-forms';
import { formatMinor } from '../../api/format';
import { usePaymentAction } from './payment-mutations';
import { RemainingLine } from './payment-parts';
import { useCheckedDraft } from './use-checked-draft';

interface CaptureFormProps {
  open: boolean;
  onClose(): void;
  authorizationId: string;
  currency: string;
  /** What can still be captured, in minor units. */
  remainingMinor: bigint;
  /** Called with the new capture's id. */
  onCaptured(captureId: string): void;
}

/** Capture (part of) an authorization: spec 2.5's capture request, checked field by field before it is sent. */
export function CaptureForm(props: CaptureFormProps) {
  return (
    <MoneyDialog name="capture" open={props.open} onClose={props.onClose}>
      <CaptureFormBody {...props} />
    </MoneyDialog>
  );
}

function CaptureFormBody({
  onClose,
  authorizationId,
  currency,
  remainingMinor,
  onCaptured,
}: CaptureFormProps) {
  const notify = useUi((s) => s.notify);
  const form = useCheckedDraft(
    () => captureDraft(remainingMinor, currency),
    (draft) => checkCapture(draft, currency, remainingMinor),
  );
  const { draft, shown, set } = form;

  const capture = usePaymentAction<CaptureRequest>(
    'authorization',
    authorizationId,
    'capture',
    (response) => {
      const created = response.body as { id?: string; amount?: { value?: string } } | undefined;
      notify(
        `Captured ${created?.amount?.value ?? ''} ${currency} as ${created?.id ?? 'a new capture'}`,
        'success',
      );
      onCaptured(created?.id ?? '');
    },
  );

  const submit = (event: FormEvent) => {
    const body = form.submit(event);
    if (body && !capture.isPending) capture.mutate(body);
  };
  const counter = (field: 'invoice_id' | 'note_to_payer' | 'soft_descriptor') =>
    `${draft[field].length}/${CAPTURE_LIMITS[field]}`;
  const capturesAll =
    checkAmountInput(draft.amount, currency, remainingMinor, String).minor === remainingMinor;

  return (
    <MoneyDialogForm
      name="capture"
      title="Capture authorization"
      onSubmit={submit}
      onClose={onClose}
      call={capture}
      invalid={form.invalid}
      failedTitle="Capture failed"
      submitLabel="Capture"
      pendingLabel="Capturing…"
    >
      <RemainingLine
        label="Remaining"
        id={authorizationId}
        remaining={formatMinor(remainingMinor, currency)}
        testId="capture-remaining"
      />
      <AmountField
        currency={currency}
        value={draft.amount}
        onChange={(value) => set('amount', value)}
        onBlur={() => form.touch('amount')}
        error={shown('amount')}
        hint="Never above what remains."
        testId="capture-amount"
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.final_capture}
            onChange={(e) => set('final_capture', e.target.checked)}
            // MUI types the checkbox's input slot without data-* attributes; the DOM gets them all the same.
            slotProps={{ input: { 'data-testid': 'capture-final' } as Record<string, string> }}
          />
        }
        label={
          <>
            Final capture
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {capturesAll
                ? 'This takes everything that remains, which closes the authorization anyway.'
                : 'No further captures; what remains is released.'}
            </Typography>
          </>
        }
      />
      <TextField
        label="Invoice id"
        value={draft.invoice_id}
        onChange={(e) => set('invoice_id', e.target.value)}
        error={!!shown('invoice_id')}
        helperText={
          shown('invoice_id') ?? `Shown in the payer's history and e-mails. ${counter('invoice_id')}`
        }
        slotProps={{ htmlInput: { 'data-testid': 'capture-invoice-id' } }}
      />
      <TextField
        label="Note to payer"
        value={draft.note_to_payer}
        onChange={(e) => set('note_to_payer', e.target.value)}
        error={!!shown('note_to_payer')}
        helperText={shown('note_to_payer') ?? counter('note_to_payer')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'capture-note' } }}
      />
      <TextField
        label="Soft descriptor"
        value={draft.soft_descriptor}
        onChange={(e) => set('soft_descriptor', e.target.value)}
        error={!!shown('soft_descriptor')}
        helperText={
          shown('soft_descriptor') ?? `On the payer's card statement. ${counter('soft_descriptor')}`
        }
        slotProps={{
          htmlInput: { 'data-testid': 'capture-soft-descriptor', style: { fontFamily: MONO } },
        }}
      />
    </MoneyDialogForm>
  );
}
