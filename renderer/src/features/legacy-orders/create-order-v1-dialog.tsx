import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ORDERS_V1_ENDPOINTS } from '../../../../shared/api/orders-v1';
import { navigate, resourceRoute } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { ORDER_V1_KIND, ORDERS_V1_PATH } from './order-v1-model';
import { useOrderV1Call } from './orders-v1-api';

/** The form starts from the endpoint's documented example: a partner order with a fee. */
const EXAMPLE = JSON.stringify(ORDERS_V1_ENDPOINTS.create.example, null, 2);

/**
 * Creates a v1 order from its JSON body, as a partner integration sends it, with its attribution id;
 * the API checks it (the error's details point at the member). On success the order's page opens.
 */
export function CreateOrderV1Dialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="create-order-v1-title">
      {open ? <CreateForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function CreateForm({ onClose }: { onClose(): void }) {
  const [text, setText] = useState(EXAMPLE);
  const [attribution, setAttribution] = useState('Example_Marketplace');
  const [syntax, setSyntax] = useState<string | undefined>();
  const call = useOrderV1Call((response) => {
    const id = (response.body as { id?: string }).id;
    onClose();
    if (id) navigate(resourceRoute(ORDER_V1_KIND, id));
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      setSyntax(error instanceof Error ? error.message : 'Not JSON.');
      return;
    }
    setSyntax(undefined);
    call.mutate({
      method: 'POST',
      path: ORDERS_V1_PATH,
      body,
      ...(attribution.trim() ? { headers: { 'Svc-Partner-Attribution-Id': attribution.trim() } } : {}),
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="create-order-v1-dialog">
      <DialogTitle id="create-order-v1-title">Create a v1 order (deprecated)</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            POST {ORDERS_V1_PATH}. New integrations use Orders v2 (/v2/checkout/orders).
          </Typography>
          <TextField
            label="Svc-Partner-Attribution-Id"
            value={attribution}
            onChange={(e) => setAttribution(e.target.value)}
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'create-order-v1-attribution', maxLength: 36 } }}
          />
          <TextField
            label="Request body (JSON)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={14}
            maxRows={24}
            error={!!syntax}
            helperText={
              syntax ??
              'Wallet orders need redirect_urls and go through the buyer page; payment_details.payment_method CREDIT_CARD is paid with a card.'
            }
            slotProps={{
              htmlInput: { 'data-testid': 'create-order-v1-body', style: { fontFamily: MONO, fontSize: 13 } },
            }}
          />
          <ApiErrorAlert
            error={call.error}
            title="The API refused the order"
            onClose={() => call.reset()}
            testId="create-order-v1-error"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={call.isPending}
          data-testid="create-order-v1-submit"
        >
          {call.isPending ? 'Creating…' : 'Create order'}
        </Button>
      </DialogActions>
    </form>
  );
}
