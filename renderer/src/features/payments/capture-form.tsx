import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { CaptureRequest } from '../../../../shared/api/payments';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { newRequestId } from '../../api/api-call';
import {
  CAPTURE_LIMITS,
  captureDraft,
  checkAmountInput,
  checkCapture,
  type CaptureDraft,
  type CaptureField,
} from './payment-forms';
import { apiPathOf, formatMinor } from './payment-model';
import { MONO, usePaymentCall } from './payment-parts';

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
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="capture-title"
      data-testid="capture-dialog"
    >
      {props.open ? <CaptureFormBody {...props} /> : null}
    </Dialog>
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
  const [draft, setDraft] = useState<CaptureDraft>(() => captureDraft(remainingMinor, currency));
  const [touched, setTouched] = useState<Partial<Record<CaptureField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // One key per opened form: a retry after a time-out or 5xx repeats the call safely (spec part 7).
  const [requestId] = useState(newRequestId);
  const checked = checkCapture(draft, currency, remainingMinor);
  const shown = (field: CaptureField) =>
    ((submitted || touched[field]) && checked.errors[field]) || undefined;

  const capture = usePaymentCall(
    (body: CaptureRequest) => ({
      method: 'POST',
      path: `${apiPathOf('authorization', authorizationId)}/capture`,
      headers: { 'Svc-Request-Id': requestId, Prefer: 'return=representation' },
      body,
    }),
    (response) => {
      const created = response.body as { id?: string; amount?: { value?: string } } | undefined;
      notify(
        `Captured ${created?.amount?.value ?? ''} ${currency} as ${created?.id ?? 'a new capture'}`,
        'success',
      );
      onCaptured(created?.id ?? '');
    },
  );

  const set = <K extends CaptureField>(field: K, value: CaptureDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked.body && !capture.isPending) capture.mutate(checked.body);
  };
  const counter = (field: 'invoice_id' | 'note_to_payer' | 'soft_descriptor') =>
    `${draft[field].length}/${CAPTURE_LIMITS[field]}`;
  const capturesAll =
    checkAmountInput(draft.amount, currency, remainingMinor, String).minor === remainingMinor;

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="capture-title">Capture authorization</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Remaining on{' '}
            <Typography component="span" variant="body2" sx={{ fontFamily: MONO }}>
              {authorizationId}
            </Typography>
            : <strong data-testid="capture-remaining">{formatMinor(remainingMinor, currency)}</strong>
          </Typography>
          <TextField
            label={`Amount (${currency})`}
            value={draft.amount}
            onChange={(e) => set('amount', e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
            error={!!shown('amount')}
            helperText={shown('amount') ?? 'Never above what remains.'}
            autoFocus
            required
            slotProps={{
              htmlInput: {
                'data-testid': 'capture-amount',
                inputMode: 'decimal',
                style: { fontFamily: MONO },
              },
            }}
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
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
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
          <ApiErrorAlert
            error={capture.error}
            title="Capture failed"
            onClose={() => capture.reset()}
            testId="capture-error"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={capture.isPending || (submitted && !checked.body)}
          data-testid="capture-submit"
        >
          {capture.isPending ? 'Capturing…' : 'Capture'}
        </Button>
      </DialogActions>
    </form>
  );
}
