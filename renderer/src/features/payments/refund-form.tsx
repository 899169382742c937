import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { RefundRequest } from '../../../../shared/api/payments';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { newRequestId } from '../../api/api-call';
import { REFUND_LIMITS, checkRefund, refundDraft, type RefundDraft, type RefundField } from './payment-forms';
import { apiPathOf, formatMinor } from './payment-model';
import { MONO, usePaymentCall } from './payment-parts';

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
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="refund-title"
      data-testid="refund-dialog"
    >
      {props.open ? <RefundFormBody {...props} /> : null}
    </Dialog>
  );
}

function RefundFormBody({ onClose, captureId, currency, remainingMinor, onRefunded }: RefundFormProps) {
  const notify = useUi((s) => s.notify);
  const [draft, setDraft] = useState<RefundDraft>(() => refundDraft(remainingMinor, currency));
  const [touched, setTouched] = useState<Partial<Record<RefundField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [requestId] = useState(newRequestId);
  const checked = checkRefund(draft, currency, remainingMinor);
  const shown = (field: RefundField) => ((submitted || touched[field]) && checked.errors[field]) || undefined;

  const refund = usePaymentCall(
    (body: RefundRequest) => ({
      method: 'POST',
      path: `${apiPathOf('capture', captureId)}/refund`,
      headers: { 'Svc-Request-Id': requestId, Prefer: 'return=representation' },
      body,
    }),
    (response) => {
      const created = response.body as { id?: string; amount?: { value?: string } } | undefined;
      notify(
        `Refunded ${created?.amount?.value ?? ''} ${currency} as ${created?.id ?? 'a new refund'}`,
        'success',
      );
      onRefunded(created?.id ?? '');
    },
  );

  const set = (field: RefundField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked.body && !refund.isPending) refund.mutate(checked.body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="refund-title">Refund capture</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Refundable on{' '}
            <Typography component="span" variant="body2" sx={{ fontFamily: MONO }}>
              {captureId}
            </Typography>
            : <strong data-testid="refund-remaining">{formatMinor(remainingMinor, currency)}</strong>
          </Typography>
          <TextField
            label={`Amount (${currency})`}
            value={draft.amount}
            onChange={(e) => set('amount', e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
            error={!!shown('amount')}
            helperText={shown('amount') ?? 'Part of the fee comes back in proportion.'}
            autoFocus
            required
            slotProps={{
              htmlInput: {
                'data-testid': 'refund-amount',
                inputMode: 'decimal',
                style: { fontFamily: MONO },
              },
            }}
          />
          <TextField
            label="Note to payer"
            value={draft.note_to_payer}
            onChange={(e) => set('note_to_payer', e.target.value)}
            error={!!shown('note_to_payer')}
            helperText={
              shown('note_to_payer') ?? `${draft.note_to_payer.length}/${REFUND_LIMITS.note_to_payer}`
            }
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'refund-note' } }}
          />
          <TextField
            label="Invoice id"
            value={draft.invoice_id}
            onChange={(e) => set('invoice_id', e.target.value)}
            error={!!shown('invoice_id')}
            helperText={shown('invoice_id') ?? `${draft.invoice_id.length}/${REFUND_LIMITS.invoice_id}`}
            slotProps={{ htmlInput: { 'data-testid': 'refund-invoice-id' } }}
          />
          <ApiErrorAlert
            error={refund.error}
            title="Refund failed"
            onClose={() => refund.reset()}
            testId="refund-error"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={refund.isPending || (submitted && !checked.body)}
          data-testid="refund-submit"
        >
          {refund.isPending ? 'Refunding…' : 'Refund'}
        </Button>
      </DialogActions>
    </form>
  );
}
