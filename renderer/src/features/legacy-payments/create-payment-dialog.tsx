import { PAYMENTS_V1_ENDPOINTS } from '../../../../shared/api/payments-v1';
import { useLegacyPost } from './legacy-payments-api';
import { MoneyDialog } from '../../components/money-dialog';
import { JsonBodyForm, openCreated } from '../../components/json-body-form';

/**
 * Creates a v1 payment from its JSON body, as an integration would send it, starting from the
 * endpoint's documented example (v1's own sample payment). On success the payment's page opens.
 */
export function CreatePaymentDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <MoneyDialog name="create-v1" open={open} onClose={onClose} maxWidth="md">
      <CreateForm onClose={onClose} />
    </MoneyDialog>
  );
}

function CreateForm({ onClose }: { onClose(): void }) {
  const call = useLegacyPost('/v1/payments/payment', openCreated('payment-v1', onClose));
  return (
    <JsonBodyForm
      name="create-v1"
      title="Create a v1 payment (deprecated)"
      example={PAYMENTS_V1_ENDPOINTS.create.example}
      request="POST /v1/payments/payment. New integrations use /v2/checkout/orders and /v2/payments."
      hint="payment_method svc goes through the buyer page; credit_card is executed at once."
      send={(body) => call.mutate(body)}
      call={call}
      onClose={onClose}
      failedTitle="The API refused the payment"
      submitLabel="Create payment"
    />
  );
}
