import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ORDERS_V1_ENDPOINTS } from '../../../../shared/api/orders-v1';
import { navigate, resourceRoute } from '../../app/router';
import { ORDER_V1_KIND, ORDERS_V1_PATH } from './order-v1-model';
import { useOrderV1Call } from './orders-v1-api';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { JsonBodyField } from '../../components/json-body-field';

/** The form starts from the endpoint's documented example: a partner order with a fee. */
const EXAMPLE = JSON.stringify(ORDERS_V1_ENDPOINTS.create.example, null, 2);

/**
 * Creates a v1 order from its JSON body, as a partner integration sends it, with its attribution id;
 * the API checks it (the error's details point at the member). On success the order's page opens.
 */
export function CreateOrderV1Dialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <MoneyDialog name="create-order-v1" open={open} onClose={onClose} maxWidth="md">
      <CreateForm onClose={onClose} />
    </MoneyDialog>
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
    <MoneyDialogForm
      name="create-order-v1"
      title="Create a v1 order (deprecated)"
      onSubmit={submit}
      onClose={onClose}
      call={call}
      invalid={false}
      failedTitle="The API refused the order"
      submitLabel="Create order"
      pendingLabel="Creating…"
    >
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
      <JsonBodyField
        value={text}
        onChange={setText}
        syntax={syntax}
        hint="Wallet orders need redirect_urls and go through the buyer page; payment_details.payment_method CREDIT_CARD is paid with a card."
        testId="create-order-v1-body"
      />
    </MoneyDialogForm>
  );
}
