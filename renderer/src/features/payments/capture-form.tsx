import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import type { CaptureRequest } from '../../../../shared/api/payments-v2';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { CAPTURE_LIMITS, captureDraft, checkAmountInput, checkCapture } from './payment-forms';
import { useCreatingMoneyAction } from './payment-mutations';
import { RemainingAmountFields } from './remaining-amount-fields';
import { useCheckedDraft } from './use-checked-draft';
import { DraftTextField } from './draft-text-field';

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
  const form = useCheckedDraft(
    () => captureDraft(remainingMinor, currency),
    (draft) => checkCapture(draft, currency, remainingMinor),
  );
  const { draft, set } = form;

  const capture = useCreatingMoneyAction<CaptureRequest>('authorization', authorizationId, 'capture', {
    done: 'Captured',
    currency,
    onCreated: onCaptured,
  });

  const submit = (event: FormEvent) => {
    const body = form.submit(event);
    if (body && !capture.isPending) capture.mutate(body);
  };
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
      <RemainingAmountFields
        form={form}
        remainingLabel="Remaining"
        parentId={authorizationId}
        currency={currency}
        remainingMinor={remainingMinor}
        hint="Never above what remains."
        testPrefix="capture"
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
      <DraftTextField
        form={form}
        field="invoice_id"
        label="Invoice id"
        limit={CAPTURE_LIMITS.invoice_id}
        hint="Shown in the payer's history and e-mails."
        testId="capture-invoice-id"
      />
      <DraftTextField
        form={form}
        field="note_to_payer"
        label="Note to payer"
        limit={CAPTURE_LIMITS.note_to_payer}
        testId="capture-note"
        multiline
      />
      <DraftTextField
        form={form}
        field="soft_descriptor"
        label="Soft descriptor"
        limit={CAPTURE_LIMITS.soft_descriptor}
        hint="On the payer's card statement."
        testId="capture-soft-descriptor"
        mono
      />
    </MoneyDialogForm>
  );
}
