import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ORDERS_V1_ENDPOINTS } from '../../../../shared/api/orders-v1';
import { ORDER_V1_KIND, ORDERS_V1_PATH } from './order-v1-model';
import { useOrderV1Call } from './orders-v1-api';
import { MoneyDialog } from '../../components/money-dialog';
import { JsonBodyForm, openCreated } from '../../components/json-body-form';

/**
 * Creates a v1 order from its JSON body, as a partner integration sends it, with its attribution id,
 * starting from the endpoint's documented example (a partner order with a fee). On success the order's
 * page opens.
 */
export function CreateOrderV1Dialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <MoneyDialog name="create-order-v1" open={open} onClose={onClose} maxWidth="md">
      <CreateForm onClose={onClose} />
    </MoneyDialog>
  );
}

function CreateForm({ onClose }: { onClose(): void }) {
  const [attribution, setAttribution] = useState('Example_Marketplace');
  const call = useOrderV1Call(openCreated(ORDER_V1_KIND, onClose));
  return (
    <JsonBodyForm
      name="create-order-v1"
      title="Create a v1 order (deprecated)"
      example={ORDERS_V1_ENDPOINTS.create.example}
      request={`POST ${ORDERS_V1_PATH}. New integrations use Orders v2 (/v2/checkout/orders).`}
      hint="Wallet orders need redirect_urls and go through the buyer page; payment_details.payment_method CREDIT_CARD is paid with a card."
      send={(body) =>
        call.mutate({
          method: 'POST',
          path: ORDERS_V1_PATH,
          body,
          ...(attribution.trim() ? { headers: { 'Svc-Partner-Attribution-Id': attribution.trim() } } : {}),
        })
      }
      call={call}
      onClose={onClose}
      failedTitle="The API refused the order"
      submitLabel="Create order"
    >
      <TextField
        label="Svc-Partner-Attribution-Id"
        value={attribution}
        onChange={(e) => setAttribution(e.target.value)}
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'create-order-v1-attribution', maxLength: 36 } }}
      />
    </JsonBodyForm>
  );
}
