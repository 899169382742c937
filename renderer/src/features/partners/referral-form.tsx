import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  referralV2Problems,
  thirdPartyOperation,
  type ReferralV2Request,
} from '../../../../shared/api/partner-referrals';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { createReferral, type ReferralLinks } from './partners-api';

const PRODUCTS = ['EXPRESS_CHECKOUT', 'PAYMENT_METHODS', 'ADVANCED_VAULTING'] as const;
const FEATURES = ['PAYMENT', 'REFUND', 'PARTNER_FEE'] as const;

/** Step 1 of the demo: the partner refers a seller (`POST /v2/customer/partner-referrals`). */
export function ReferralForm({ onCreated }: { onCreated(links: ReferralLinks, trackingId: string): void }) {
  const [email, setEmail] = useState('seller@example.org');
  const [trackingId, setTrackingId] = useState(() => `seller-${Math.random().toString(36).slice(2, 8)}`);
  const [products, setProducts] = useState<string[]>(['EXPRESS_CHECKOUT']);
  const [features, setFeatures] = useState<string[]>([...FEATURES]);
  const [shareData, setShareData] = useState(true);
  const body = (): ReferralV2Request =>
    ({
      tracking_id: trackingId.trim(),
      ...(email.trim() ? { email: email.trim() } : {}),
      operations: [thirdPartyOperation(features)],
      products,
      legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: shareData }],
    }) as ReferralV2Request;
  // The same cross-field rules the API answers 400 with, shown before sending.
  const problems = products.length === 0 ? [] : referralV2Problems(body());
  const invalid =
    !trackingId.trim() ||
    trackingId.length > 127 ||
    products.length === 0 ||
    features.length === 0 ||
    problems.length > 0;
  const create = useMutation({
    mutationFn: () => createReferral(body() as unknown as Record<string, unknown>),
    onSuccess: (links) => onCreated(links, trackingId.trim()),
  });
  const toggle = (list: string[], set: (next: string[]) => void, value: string) =>
    set(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="referral-form">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2}>
          <TextField
            label="Seller e-mail (prefills the onboarding page)"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'referral-email' } }}
          />
          <TextField
            label="Tracking id"
            value={trackingId}
            onChange={(e) => setTrackingId(e.target.value)}
            error={!trackingId.trim() || trackingId.length > 127}
            helperText="1 to 127 characters: your id for the seller."
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'referral-tracking-id' } }}
          />
        </Stack>
        <Stack direction="row" spacing={4}>
          <FormGroup>
            <FormLabel>Products</FormLabel>
            {PRODUCTS.map((p) => (
              <FormControlLabel
                key={p}
                control={
                  <Checkbox
                    checked={products.includes(p)}
                    onChange={() => toggle(products, setProducts, p)}
                  />
                }
                label={p}
              />
            ))}
          </FormGroup>
          <FormGroup>
            <FormLabel>Permissions asked for</FormLabel>
            {FEATURES.map((f) => (
              <FormControlLabel
                key={f}
                control={
                  <Checkbox
                    checked={features.includes(f)}
                    onChange={() => toggle(features, setFeatures, f)}
                  />
                }
                label={f}
              />
            ))}
          </FormGroup>
          <FormGroup>
            <FormLabel>Consents</FormLabel>
            <FormControlLabel
              control={<Checkbox checked={shareData} onChange={() => setShareData(!shareData)} />}
              label="SHARE_DATA_CONSENT (without it nothing of the seller's data is kept)"
            />
          </FormGroup>
        </Stack>
        {problems.map((p) => (
          <ApiErrorAlert
            key={p.field}
            error={new Error(`${p.field}: ${p.description}`)}
            title="Fix the referral"
          />
        ))}
        <ApiErrorAlert error={create.error} title="Referral not created" onClose={() => create.reset()} />
        <Button
          type="submit"
          variant="contained"
          disabled={invalid || create.isPending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="referral-submit"
        >
          {create.isPending ? 'Creating…' : 'Create referral'}
        </Button>
      </Stack>
    </form>
  );
}
