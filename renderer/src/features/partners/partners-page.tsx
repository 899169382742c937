import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../api/format';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { openOutside } from '../../components/open-outside';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { listAccounts } from '../accounts';
import {
  DEMO_ATTRIBUTION_ID,
  findSeller,
  readReferral,
  revokeConsent,
  sellerStatus,
  takePaymentAsSeller,
  type DemoPayment,
  type ReferralLinks,
  sellerPollDelay,
} from './partners-api';
import { ReferralForm } from './referral-form';
import { queryKeys } from '../../api/query-keys';

interface Referral extends ReferralLinks {
  trackingId: string;
  partnerId: string;
}

/**
 * The partner demo, end to end: the partner refers a seller, the seller onboards on the sandbox page the
 * action URL opens, the seller appears (found by tracking id), the partner takes a payment as the seller
 * with a partner fee (`Svc-Auth-Assertion`), and both balances show what moved.
 */
export function PartnersPage() {
  const [referral, setReferral] = useState<Referral>();
  const [payment, setPayment] = useState<DemoPayment>();
  return (
    <Stack spacing={2} data-testid="partners-page">
      <Typography variant="h5" component="h1">
        Partners
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The sandbox app's merchant is the partner. Refer a seller, onboard it, then take a payment as that
        seller with a partner fee.
      </Typography>
      <Section title="1. Refer a seller" testId="partner-step-referral">
        {referral ? (
          <Stack spacing={1}>
            <Typography variant="body2">
              Referral <code>{referral.token.slice(0, 24)}…</code> for tracking id{' '}
              <strong data-testid="referral-tracking">{referral.trackingId}</strong>.
            </Typography>
            <Button
              size="small"
              onClick={() => {
                setReferral(undefined);
                setPayment(undefined);
              }}
              sx={{ alignSelf: 'flex-start' }}
            >
              Start over
            </Button>
          </Stack>
        ) : (
          <ReferralForm
            onCreated={(links, trackingId) => {
              void readReferral(links.selfPath).then((data) =>
                setReferral({ ...links, trackingId, partnerId: data.submitter_payer_id }),
              );
            }}
          />
        )}
      </Section>
      {referral ? <OnboardStep referral={referral} /> : null}
      {referral ? <SellerStep referral={referral} payment={payment} onPaid={setPayment} /> : null}
      <OnboardedSellers partnerId={referral?.partnerId} />
    </Stack>
  );
}

function OnboardStep({ referral }: { referral: Referral }) {
  const notify = useUi((s) => s.notify);
  return (
    <Section title="2. The seller onboards" testId="partner-step-onboard">
      <Stack spacing={1}>
        <Typography variant="body2">
          Send the seller to the action URL: it signs up (or signs in), grants the permissions and returns to
          you.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Link
            href={referral.actionUrl}
            target="_blank"
            rel="noreferrer"
            data-testid="action-url"
            sx={{ fontFamily: MONO, wordBreak: 'break-all' }}
          >
            {referral.actionUrl}
          </Link>
          <Button
            size="small"
            variant="outlined"
            data-testid="action-url-open"
            onClick={() =>
              void openOutside(referral.actionUrl).then((failed) => failed && notify(failed, 'warning'))
            }
          >
            Open ↗
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

function SellerStep({
  referral,
  payment,
  onPaid,
}: {
  referral: Referral;
  payment: DemoPayment | undefined;
  onPaid(p: DemoPayment): void;
}) {
  // Onboarding happens in another tab. The host's change event for it refreshes this query at once (its
  // key is under `resources`); the poll with a back-off only covers a remote platform that sends none,
  // so the wait adds a handful of 404s to the request log, not one every second and a half.
  const seller = useQuery({
    queryKey: queryKeys.partners.seller(referral.partnerId, referral.trackingId),
    queryFn: () => findSeller(referral.partnerId, referral.trackingId),
    refetchInterval: (query) => (query.state.data ? false : sellerPollDelay(query.state.dataUpdateCount)),
  });
  const merchantId = seller.data ?? undefined;
  const status = useQuery({
    queryKey: queryKeys.partners.sellerStatus(referral.partnerId, merchantId),
    queryFn: () => sellerStatus(referral.partnerId, merchantId ?? ''),
    enabled: !!merchantId,
  });
  return (
    <Section title="3. The seller appears" testId="partner-step-seller">
      {!merchantId ? (
        <Typography variant="body2" color="text.secondary" data-testid="seller-waiting">
          Waiting for a seller with tracking id {referral.trackingId}…
        </Typography>
      ) : (
        <Stack spacing={1} data-testid="seller-found" data-merchant-id={merchantId}>
          <Typography variant="body2">
            Seller <code data-testid="seller-merchant-id">{merchantId}</code>{' '}
            {status.data ? `(${status.data.primary_email}, ${status.data.legal_name})` : null}
          </Typography>
          {status.data ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Chip
                size="small"
                color={status.data.payments_receivable ? 'success' : 'default'}
                label={`payments_receivable: ${String(status.data.payments_receivable)}`}
              />
              <Chip
                size="small"
                label={`primary_email_confirmed: ${String(status.data.primary_email_confirmed)}`}
              />
              {status.data.products.map((p) => (
                <Chip key={p.name} size="small" variant="outlined" label={p.name} />
              ))}
              <Typography variant="caption" data-testid="seller-permissions" sx={{ alignSelf: 'center' }}>
                granted: {status.data.granted_permissions.join(', ') || 'nothing'}
              </Typography>
            </Stack>
          ) : null}
          <ApiErrorAlert error={status.error} title="Seller status" />
          <PaymentStep referral={referral} merchantId={merchantId} payment={payment} onPaid={onPaid} />
        </Stack>
      )}
    </Section>
  );
}

function PaymentStep({
  referral,
  merchantId,
  payment,
  onPaid,
}: {
  referral: Referral;
  merchantId: string;
  payment: DemoPayment | undefined;
  onPaid(p: DemoPayment): void;
}) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('100.00');
  const [fee, setFee] = useState('5.00');
  const pay = useMutation({
    mutationFn: () => takePaymentAsSeller(merchantId, amount.trim(), fee.trim()),
    onSuccess: (result) => {
      onPaid(result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
    },
  });
  const accounts = useQuery({ queryKey: queryKeys.accounts.list, queryFn: listAccounts, enabled: !!payment });
  const balance = (id: string) =>
    accounts.data
      ?.find((a) => a.account_id === id)
      ?.balances.map((b) => formatMoney(b))
      .join(' · ') ?? '…';
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="subtitle2">4. Take a payment as the seller, with a partner fee</Typography>
      <Stack direction="row" spacing={2}>
        <TextField
          label="Amount (USD)"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'demo-amount' } }}
        />
        <TextField
          label="Partner fee (USD)"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'demo-fee' } }}
        />
        <Button
          variant="contained"
          onClick={() => pay.mutate()}
          disabled={pay.isPending}
          data-testid="demo-pay"
        >
          {pay.isPending ? 'Paying…' : 'Create, approve and capture'}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Svc-Auth-Assertion names the seller; Svc-Partner-Attribution-Id is {DEMO_ATTRIBUTION_ID}.
      </Typography>
      <ApiErrorAlert error={pay.error} title="Payment failed" onClose={() => pay.reset()} />
      {payment ? (
        <Stack spacing={1} data-testid="demo-payment">
          <Typography variant="body2">
            Captured <code>{payment.captureId}</code> on order <code>{payment.orderId}</code>.
          </Typography>
          <JsonView value={payment.breakdown} />
          <Stack direction="row" spacing={3}>
            <Typography variant="body2">
              Seller balance: <strong data-testid="demo-seller-balance">{balance(merchantId)}</strong>
            </Typography>
            <Typography variant="body2">
              Partner balance:{' '}
              <strong data-testid="demo-partner-balance">{balance(referral.partnerId)}</strong>
            </Typography>
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Every seller linked to the partner, with its consent and a way to revoke it (as the seller would). */
function OnboardedSellers({ partnerId }: { partnerId: string | undefined }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const accounts = useQuery({ queryKey: queryKeys.accounts.list, queryFn: listAccounts });
  const revoke = useMutation({
    mutationFn: (merchantId: string) => revokeConsent(merchantId),
    onSuccess: () => {
      notify('Consent revoked: the partner can no longer act for the seller', 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
    },
  });
  const sellers = (accounts.data ?? []).filter((a) =>
    a.partners.some((p) => (partnerId ? p.partner_id === partnerId : true)),
  );
  return (
    <Section title="Sellers linked to a partner" testId="partner-sellers">
      {sellers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet.
        </Typography>
      ) : (
        <Stack spacing={1}>
          {sellers.map((seller) =>
            seller.partners.map((link) => (
              <Stack
                key={`${seller.account_id}-${link.partner_id}`}
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center' }}
                data-testid={`linked-${seller.email}`}
              >
                <Typography variant="body2" sx={{ minWidth: 220 }}>
                  {seller.email}
                </Typography>
                <Typography variant="caption" sx={{ fontFamily: MONO }}>
                  {seller.account_id} · {link.tracking_id || '—'} · {link.features.join(', ')}
                </Typography>
                {link.revoked_at ? (
                  <Chip size="small" label="revoked" />
                ) : (
                  <Button
                    size="small"
                    color="warning"
                    onClick={() => revoke.mutate(seller.account_id)}
                    disabled={revoke.isPending}
                  >
                    Revoke consent
                  </Button>
                )}
              </Stack>
            )),
          )}
          <ApiErrorAlert error={revoke.error} title="Not revoked" onClose={() => revoke.reset()} />
          {revoke.isSuccess ? (
            <Alert severity="info">MERCHANT.PARTNER-CONSENT.REVOKED was emitted.</Alert>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}
