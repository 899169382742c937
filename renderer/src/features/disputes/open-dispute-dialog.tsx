import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { queryKeys } from '../../api/query-keys';
import { navigate } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { openDisputeCall } from './disputes-api';
import { DISPUTE_REASONS } from './dispute-model';

/**
 * Opens a dispute as the buyer of a capture (the sandbox helper `POST /v1/test-helpers/disputes`):
 * from the Disputes page, a capture's page or the support view. Without an amount, the whole of what
 * remains of the capture is disputed. On success the dispute's page opens.
 */
export function OpenDisputeButton({
  captureId = '',
  currency = 'USD',
}: {
  captureId?: string;
  currency?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="open-dispute">
        Open dispute
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="sm"
        fullWidth
        data-testid="open-dispute-dialog"
      >
        {open ? (
          <OpenDisputeForm captureId={captureId} currency={currency} onClose={() => setOpen(false)} />
        ) : null}
      </Dialog>
    </>
  );
}

function OpenDisputeForm({
  captureId,
  currency,
  onClose,
}: {
  captureId: string;
  currency: string;
  onClose(): void;
}) {
  const [transaction, setTransaction] = useState(captureId);
  const [reason, setReason] = useState<string>('MERCHANDISE_OR_SERVICE_NOT_RECEIVED');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const client = useQueryClient();
  const call = useMutation({
    mutationFn: () =>
      openDisputeCall({
        disputed_transaction_id: transaction.trim(),
        reason,
        ...(amount.trim() ? { amount: { currency_code: currency, value: amount.trim() } } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
      }),
    onSuccess: async (response) => {
      await client.invalidateQueries({ queryKey: queryKeys.resources.all });
      onClose();
      navigate(`/disputes/${encodeURIComponent((response.body as { dispute_id: string }).dispute_id)}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>Open a dispute as the buyer</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Capture id"
            value={transaction}
            onChange={(e) => setTransaction(e.target.value)}
            required
            slotProps={{ htmlInput: { 'data-testid': 'open-dispute-capture' } }}
          />
          <TextField select label="Reason" value={reason} onChange={(e) => setReason(e.target.value)}>
            {DISPUTE_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={`Amount (${currency})`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            helperText="Empty: all that remains of the capture"
            slotProps={{ htmlInput: { 'data-testid': 'open-dispute-amount', inputMode: 'decimal' } }}
          />
          <TextField
            label="Buyer's message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={2}
          />
          <ApiErrorAlert
            error={call.error}
            title="Could not open the dispute"
            onClose={() => call.reset()}
            testId="open-dispute-error"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={call.isPending || !transaction.trim()}
          data-testid="open-dispute-submit"
        >
          {call.isPending ? 'Opening…' : 'Open dispute'}
        </Button>
      </DialogActions>
    </form>
  );
}
