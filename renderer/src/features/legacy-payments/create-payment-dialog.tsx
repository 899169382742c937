import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PAYMENTS_V1_ENDPOINTS } from '../../../../shared/api/payments-v1';
import { navigate, resourceRoute } from '../../app/router';
import { useLegacyPost } from './legacy-payments-api';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { JsonBodyField } from '../../components/json-body-field';

/** The create form starts from the endpoint's documented example (v1's own sample payment). */
const EXAMPLE = JSON.stringify(PAYMENTS_V1_ENDPOINTS.create.example, null, 2);

/**
 * Creates a v1 payment from its JSON body, as an integration would send it; the API checks it (the
 * error's details point at the member). On success the payment's page opens.
 */
export function CreatePaymentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <MoneyDialog name="create-v1" open={open} onClose={onClose} maxWidth="md">
      <CreateForm onClose={onClose} />
    </MoneyDialog>
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
    <MoneyDialogForm
      name="create-v1"
      title="Create a v1 payment (deprecated)"
      onSubmit={submit}
      onClose={onClose}
      call={call}
      invalid={false}
      failedTitle="The API refused the payment"
      submitLabel="Create payment"
      pendingLabel="Creating…"
    >
      <Typography variant="body2" color="text.secondary">
        POST /v1/payments/payment. New integrations use /v2/checkout/orders and /v2/payments.
      </Typography>
      <JsonBodyField
        value={text}
        onChange={setText}
        syntax={syntax}
        hint="payment_method svc goes through the buyer page; credit_card is executed at once."
        testId="create-v1-body"
      />
    </MoneyDialogForm>
  );
}
