import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_METHODS } from '../../../../shared/api/invoicing';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { recordPayment, recordRefund } from './invoices-api';
import { queryKeys } from '../../api/query-keys';
import { DialogButtons } from '../../components/dialog-buttons';
import { SelectField } from '../../components/select-field';

/**
 * Records a payment or a refund made outside the platform. The amount defaults to what the API takes
 * when it is left out: the balance due, or everything paid and not yet refunded.
 */
export function RecordDialog({
  kind,
  invoiceId,
  currency,
  suggested,
  onClose,
}: {
  kind: 'payment' | 'refund' | undefined;
  invoiceId: string;
  currency: string;
  suggested: string;
  onClose(): void;
}) {
  return (
    <Dialog open={!!kind} onClose={onClose} maxWidth="xs" fullWidth data-testid="invoice-record-dialog">
      {kind ? (
        <RecordForm
          kind={kind}
          invoiceId={invoiceId}
          currency={currency}
          suggested={suggested}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function RecordForm({
  kind,
  invoiceId,
  currency,
  suggested,
  onClose,
}: {
  kind: 'payment' | 'refund';
  invoiceId: string;
  currency: string;
  suggested: string;
  onClose(): void;
}) {
  const [method, setMethod] = useState('CASH');
  const [amount, setAmount] = useState(suggested);
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: () => {
      const money = amount.trim() ? { amount: { currency, value: amount.trim() } } : {};
      const extra = note.trim() ? { note: note.trim() } : {};
      return kind === 'payment'
        ? recordPayment(invoiceId, { method, ...money, ...extra })
        : recordRefund(invoiceId, { ...money, ...extra });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onClose();
    },
  });
  return (
    <>
      <DialogTitle>{kind === 'payment' ? 'Record a payment' : 'Record a refund'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {kind === 'payment' ? (
            <SelectField label="Method" value={method} onChange={setMethod} choices={PAYMENT_METHODS} />
          ) : null}
          <TextField
            size="small"
            label={`Amount (${currency})`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'invoice-record-amount' } }}
          />
          <TextField size="small" label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
          {call.error ? <ApiErrorAlert error={call.error} title="Recording failed" /> : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Record"
        pending={call.isPending}
        onSubmit={() => call.mutate()}
        testId="invoice-record-submit"
      />
    </>
  );
}
