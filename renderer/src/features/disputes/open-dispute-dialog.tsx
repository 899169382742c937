import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { queryKeys } from '../../api/query-keys';
import { navigate } from '../../app/router';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { openDisputeCall } from './disputes-api';
import { DISPUTE_REASONS } from './dispute-model';

/**
 * Opens a dispute as the buyer of a capture or a v1 sale (the sandbox helper `POST /v1/test-helpers/disputes`):
 * from the Disputes page, a capture's or sale's page or the support view. Without an amount, the whole of
 * what remains of the transaction is disputed. On success the dispute's page opens.
 */
export function OpenDisputeButton({
  transactionId = '',
  currency = 'USD',
}: {
  transactionId?: string;
  currency?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="open-dispute">
        Open dispute
      </Button>
      <MoneyDialog name="open-dispute" open={open} onClose={() => setOpen(false)}>
        <OpenDisputeForm transactionId={transactionId} currency={currency} onClose={() => setOpen(false)} />
      </MoneyDialog>
    </>
  );
}

function OpenDisputeForm({
  transactionId,
  currency,
  onClose,
}: {
  transactionId: string;
  currency: string;
  onClose(): void;
}) {
  const [transaction, setTransaction] = useState(transactionId);
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
    <MoneyDialogForm
      name="open-dispute"
      title="Open a dispute as the buyer"
      onSubmit={submit}
      onClose={onClose}
      call={call}
      invalid={!transaction.trim()}
      failedTitle="Could not open the dispute"
      submitLabel="Open dispute"
      pendingLabel="Opening…"
    >
      <TextField
        label="Transaction id (capture or sale)"
        value={transaction}
        onChange={(e) => setTransaction(e.target.value)}
        required
        slotProps={{ htmlInput: { 'data-testid': 'open-dispute-transaction' } }}
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
        helperText="Empty: all that remains of the transaction"
        slotProps={{ htmlInput: { 'data-testid': 'open-dispute-amount', inputMode: 'decimal' } }}
      />
      <TextField
        label="Buyer's message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        multiline
        minRows={2}
      />
    </MoneyDialogForm>
  );
}
