import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PAYMENTS_V1_ENDPOINTS } from '../../../../shared/api/payments-v1';
import { navigate, resourceRoute } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { useLegacyPost } from './legacy-payments-api';

/** The create form starts from the endpoint's documented example (v1's own sample payment). */
const EXAMPLE = JSON.stringify(PAYMENTS_V1_ENDPOINTS.create.example, null, 2);

/**
 * Creates a v1 payment from its JSON body, as an integration would send it; the API checks it (the
 * error's details point at the member). On success the payment's page opens.
 */
export function CreatePaymentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="create-v1-title"
      data-testid="create-v1-dialog"
    >
      {open ? <CreateForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function CreateForm({ onClose }: { onClose(): void }) {
  const [text, setText] = useState(EXAMPLE);
  const [syntax, setSyntax] = useState<string | undefined>();
  const call = useLegacyPost('/v1/payments/payment', (response) => {
    const id = (response.body as { id?: string }).id;
    onClose();
    if (id) navigate(resourceRoute('payment-v1', id));
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      const body: unknown = JSON.parse(text);
      setSyntax(undefined);
      call.mutate(body);
    } catch (error) {
      setSyntax(error instanceof Error ? error.message : 'Not JSON.');
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="create-v1-title">Create a v1 payment (deprecated)</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            POST /v1/payments/payment. New integrations use /v2/checkout/orders and /v2/payments.
          </Typography>
          <TextField
            label="Request body (JSON)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={14}
            maxRows={24}
            error={!!syntax}
            helperText={
              syntax ?? 'payment_method svc goes through the buyer page; credit_card is executed at once.'
            }
            slotProps={{
              htmlInput: { 'data-testid': 'create-v1-body', style: { fontFamily: MONO, fontSize: 13 } },
            }}
          />
          <ApiErrorAlert
            error={call.error}
            title="The API refused the payment"
            onClose={() => call.reset()}
            testId="create-v1-error"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={call.isPending} data-testid="create-v1-submit">
          {call.isPending ? 'Creating…' : 'Create payment'}
        </Button>
      </DialogActions>
    </form>
  );
}
