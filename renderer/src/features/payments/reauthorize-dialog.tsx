import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { ReauthorizeRequest } from '../../../../shared/api/payments';
import { fromMinor } from '../../../../shared/money';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { newRequestId } from '../../api/api-call';
import { checkReauthorize } from './payment-forms';
import { apiPathOf } from './payment-model';
import { MONO, usePaymentCall } from './payment-parts';
import { reauthorizeCeiling, reauthorizeCeilingHint } from './reauthorize-window';

interface ReauthorizeDialogProps {
  open: boolean;
  onClose(): void;
  authorizationId: string;
  currency: string;
  /** The amount the authorization was first created for (the allowance is based on it). */
  originalMinor: bigint;
  /** Where the window stands, e.g. "Open: day 5 of 29, until …". */
  windowText: string;
}

/** Reauthorize (day 4..29): a new amount up to the allowance, and a new 3-day honor period. */
export function ReauthorizeDialog(props: ReauthorizeDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="reauthorize-title"
      data-testid="reauthorize-dialog"
    >
      {props.open ? <ReauthorizeBody {...props} /> : null}
    </Dialog>
  );
}

function ReauthorizeBody({
  onClose,
  authorizationId,
  currency,
  originalMinor,
  windowText,
}: ReauthorizeDialogProps) {
  const notify = useUi((s) => s.notify);
  const [amount, setAmount] = useState(() => fromMinor(originalMinor, currency));
  const [touched, setTouched] = useState(false);
  const [requestId] = useState(newRequestId);
  const ceiling = reauthorizeCeiling(originalMinor, currency);
  const checked = checkReauthorize(amount, currency, ceiling);
  const error = touched ? checked.errors.amount : undefined;

  const reauthorize = usePaymentCall(
    (body: ReauthorizeRequest) => ({
      method: 'POST',
      path: `${apiPathOf('authorization', authorizationId)}/reauthorize`,
      headers: { 'Svc-Request-Id': requestId, Prefer: 'return=representation' },
      body,
    }),
    (response) => {
      const body = response.body as { amount?: { value?: string } } | undefined;
      notify(`Reauthorized ${authorizationId} for ${body?.amount?.value ?? amount} ${currency}`, 'success');
      onClose();
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checked.body && !reauthorize.isPending) reauthorize.mutate(checked.body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="reauthorize-title">Reauthorize</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <Typography component="span" variant="body2" sx={{ fontFamily: MONO }}>
              {authorizationId}
            </Typography>{' '}
            gets a new amount and a new 3-day honor period. {windowText}.
          </Typography>
          <TextField
            label={`Amount (${currency})`}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setTouched(true);
            }}
            error={!!error}
            helperText={error ?? `At most ${reauthorizeCeilingHint(originalMinor, currency)}.`}
            autoFocus
            required
            slotProps={{
              htmlInput: {
                'data-testid': 'reauthorize-amount',
                inputMode: 'decimal',
                style: { fontFamily: MONO },
              },
            }}
          />
          <ApiErrorAlert
            error={reauthorize.error}
            title="Reauthorize failed"
            onClose={() => reauthorize.reset()}
            testId="reauthorize-error"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={reauthorize.isPending || (touched && !checked.body)}
          data-testid="reauthorize-submit"
        >
          {reauthorize.isPending ? 'Reauthorizing…' : 'Reauthorize'}
        </Button>
      </DialogActions>
    </form>
  );
}
