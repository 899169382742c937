import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, newRequestId } from '../api/api-call';
import { queryKeys } from '../api/query-keys';
import { bridge } from '../bridge';
import { navigate } from './router';
import { useUi } from './ui-store';

const DISMISSED_KEY = 'workbench.start-here-dismissed';
const TEST_CARD = { number: '4111111111111111', expiry: '2031-12' };

/** A card order for 25.00 USD, captured at once: the data a lookup or a checkout starts from. */
async function cardOrder(intent: 'CAPTURE' | 'AUTHORIZE', withCard: boolean): Promise<string> {
  const created = await callApi({
    method: 'POST',
    path: '/v2/checkout/orders',
    headers: { 'Svc-Request-Id': newRequestId() },
    body: {
      intent,
      purchase_units: [{ reference_id: 'start-here', amount: { currency_code: 'USD', value: '25.00' } }],
      ...(withCard ? { payment_source: { card: TEST_CARD } } : {}),
    },
  });
  return (created.body as { id: string }).id;
}

/** The three journeys: each makes its sample data through the API and opens the page where it starts. */
const JOURNEYS: { key: string; label: string; says: string; run: () => Promise<string> }[] = [
  {
    key: 'checkout',
    label: "A developer's checkout",
    says: 'An order waiting for the buyer: approve it as the buyer, then capture.',
    run: async () => `orders/${await cardOrder('CAPTURE', false)}`,
  },
  {
    key: 'lookup',
    label: "A support agent's lookup",
    says: 'A paid card order with a partial refund, looked up by its capture id.',
    run: async () => {
      const orderId = await cardOrder('CAPTURE', true);
      const captured = await callApi({
        method: 'POST',
        path: `/v2/checkout/orders/${orderId}/capture`,
        headers: { 'Svc-Request-Id': newRequestId() },
      });
      const captureId = (captured.body as { purchase_units: { payments: { captures: { id: string }[] } }[] })
        .purchase_units[0]?.payments.captures[0]?.id;
      if (!captureId) return `support/${orderId}`;
      await callApi({
        method: 'POST',
        path: `/v2/payments/captures/${captureId}/refund`,
        headers: { 'Svc-Request-Id': newRequestId() },
        body: { amount: { currency_code: 'USD', value: '10.00' } },
      });
      return `support/${captureId}`;
    },
  },
  {
    key: 'partner',
    label: 'A partner demo',
    says: 'Onboard a seller through a partner referral and take a payment for it.',
    run: async () => 'partners',
  },
];

/**
 * What a new user sees on an empty workspace: what the sandbox holds and three journeys, each one
 * click. Dismissed for good with its close button; it does not come back once there are orders.
 */
export function StartHere() {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === 'true');
  const [busy, setBusy] = useState<string | undefined>();
  const notify = useUi((s) => s.notify);
  const orders = useQuery({
    queryKey: queryKeys.startHere.orders,
    queryFn: () => bridge.listResources({ kind: 'order', page: 1, page_size: 1 }),
    // Once the workspace has orders the panel is gone for good: no more reads of the count (every
    // resource change refreshed it, a count of 100,000 orders on the host at each refresh of a burst).
    enabled: (query) => !dismissed && (query.state.data?.total ?? 0) === 0,
  });
  const accounts = useQuery({
    queryKey: queryKeys.startHere.accounts,
    queryFn: () => bridge.listAccounts({}),
    enabled: !dismissed && orders.data?.total === 0,
  });
  if (dismissed || orders.data?.total !== 0) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, 'true');
    setDismissed(true);
  };
  const start = async (journey: (typeof JOURNEYS)[number]) => {
    setBusy(journey.key);
    try {
      navigate(await journey.run());
    } catch (error) {
      notify(`${journey.label}: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      setBusy(undefined);
    }
  };
  const seeded = accounts.data ?? [];
  return (
    <Alert severity="info" onClose={dismiss} sx={{ mt: 3 }} data-testid="start-here">
      <AlertTitle>Start here</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        This sandbox runs the payments API on your machine. It holds test cards (
        <code>4111 1111 1111 1111</code>, any future expiry), {seeded.length > 0 ? seeded.length : 'the'}{' '}
        seeded accounts (a merchant and buyers, under Accounts), a clock you move to make renewals, expiries
        and payouts happen (top bar), and a console that sends any request of the API (Tools, Console).
      </Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {JOURNEYS.map((journey) => (
          <Button
            key={journey.key}
            variant="outlined"
            size="small"
            disabled={busy !== undefined}
            title={journey.says}
            onClick={() => void start(journey)}
            data-testid={`start-${journey.key}`}
          >
            {busy === journey.key ? `${journey.label}…` : journey.label}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}
