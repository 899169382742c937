import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ptr, testCard, type OrderDraft, type SourceKind } from './order-form-model';
import type { FieldFn } from './form-field';
import { SelectField } from '../../components/select-field';

// ---- the payment source -----------------------------------------------------------------------------

const SOURCE_LABELS: Record<SourceKind, { label: string; hint: string }> = {
  none: { label: 'None', hint: 'The order is CREATED; the buyer approves it on the approval page.' },
  wallet: {
    label: 'Wallet',
    hint: 'payment_source.svc with return and cancel URLs: the order is PAYER_ACTION_REQUIRED until the buyer acts.',
  },
  card: {
    label: 'Card',
    hint: 'The card is the approval: the order is APPROVED at once (needs a Svc-Request-Id, which is sent).',
  },
  vaulted: {
    label: 'Vaulted token',
    hint: 'payment_source.<card|svc>.vault_id charges a payment token of the vault: APPROVED at once, no buyer action.',
  },
};

export function PaymentSourceEditor({
  draft,
  field,
  now,
  onSource,
  onWallet,
  onCard,
  onVault,
  onVaulted,
}: {
  draft: OrderDraft;
  field: FieldFn;
  now: Date | undefined;
  onSource(source: SourceKind): void;
  onWallet(pointer: string, change: (wallet: OrderDraft['wallet']) => OrderDraft['wallet']): void;
  onCard(pointer: string, change: (card: OrderDraft['card']) => OrderDraft['card']): void;
  onVault(pointer: string, change: (vault: OrderDraft['vault']) => OrderDraft['vault']): void;
  onVaulted(pointer: string, change: (vaulted: OrderDraft['vaulted']) => OrderDraft['vaulted']): void;
}) {
  const customerPointer = draft.source === 'card' ? ptr.vaultCustomer : ptr.walletVaultCustomer;
  return (
    <Box>
      <FormLabel id="payment-source-label" sx={{ fontSize: 13 }}>
        Payment source
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="payment-source-label"
        value={draft.source}
        onChange={(e) => onSource(e.target.value as SourceKind)}
      >
        {(Object.keys(SOURCE_LABELS) as SourceKind[]).map((kind) => (
          <FormControlLabel
            key={kind}
            value={kind}
            label={SOURCE_LABELS[kind].label}
            control={
              <Radio
                size="small"
                slotProps={{ input: { 'data-testid': `payment-source-${kind}` } as object }}
              />
            }
          />
        ))}
      </RadioGroup>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1.5 }}>
        {SOURCE_LABELS[draft.source].hint}
      </Typography>
      {draft.source === 'wallet' ? (
        <Stack direction="row" spacing={2}>
          {field({
            pointer: '/payment_source/svc/experience_context/return_url',
            testId: 'wallet-return-url',
            label: 'Return URL',
            value: draft.wallet.returnUrl,
            inputMode: 'url',
            onChange: (v) =>
              onWallet('/payment_source/svc/experience_context/return_url', (w) => ({ ...w, returnUrl: v })),
          })}
          {field({
            pointer: '/payment_source/svc/experience_context/cancel_url',
            testId: 'wallet-cancel-url',
            label: 'Cancel URL',
            value: draft.wallet.cancelUrl,
            inputMode: 'url',
            onChange: (v) =>
              onWallet('/payment_source/svc/experience_context/cancel_url', (w) => ({ ...w, cancelUrl: v })),
          })}
        </Stack>
      ) : null}
      {draft.source === 'card' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {field({
            pointer: ptr.cardNumber,
            testId: 'card-number',
            label: 'Card number',
            required: true,
            value: draft.card.number,
            inputMode: 'numeric',
            width: 240,
            mono: true,
            onChange: (v) => onCard(ptr.cardNumber, (c) => ({ ...c, number: v })),
          })}
          {field({
            pointer: ptr.cardExpiry,
            testId: 'card-expiry',
            label: 'Expiry',
            required: true,
            placeholder: 'MM/YY',
            value: draft.card.expiry,
            width: 150,
            mono: true,
            onChange: (v) => onCard(ptr.cardExpiry, (c) => ({ ...c, expiry: v })),
          })}
          {field({
            pointer: ptr.cardName,
            testId: 'card-name',
            label: 'Name on card',
            value: draft.card.name,
            width: 240,
            onChange: (v) => onCard(ptr.cardName, (c) => ({ ...c, name: v })),
          })}
          <Button
            size="small"
            sx={{ mt: 0.75, whiteSpace: 'nowrap' }}
            onClick={() => onCard(ptr.cardNumber, () => testCard(now ?? new Date()))}
            data-testid="card-use-test"
          >
            Use test card
          </Button>
        </Stack>
      ) : null}
      {draft.source === 'card' || draft.source === 'wallet' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1.5 }}>
          <FormControlLabel
            label="Save in the vault when paid (store_in_vault: ON_SUCCESS)"
            control={
              <Checkbox
                size="small"
                checked={draft.vault.store}
                onChange={(e) => onVault(customerPointer, (v) => ({ ...v, store: e.target.checked }))}
                slotProps={{ input: { 'data-testid': 'store-in-vault' } as object }}
              />
            }
          />
          {draft.vault.store
            ? field({
                pointer: customerPointer,
                testId: 'vault-customer-id',
                label: 'Customer id (empty: a new customer)',
                value: draft.vault.customerId,
                width: 300,
                mono: true,
                onChange: (v) => onVault(customerPointer, (c) => ({ ...c, customerId: v })),
              })
            : null}
        </Stack>
      ) : null}
      {draft.source === 'vaulted' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <SelectField
            label="Token kind"
            value={draft.vaulted.kind}
            onChange={(kind) =>
              onVaulted(ptr.vaultId(draft.vaulted.kind), (v) => ({
                ...v,
                kind: kind as 'card' | 'svc',
              }))
            }
            choices={[
              { value: 'card', label: 'card' },
              { value: 'svc', label: 'svc (wallet)' },
            ]}
            testId="vaulted-kind"
            sx={{ width: 160 }}
          />
          {field({
            pointer: ptr.vaultId(draft.vaulted.kind),
            testId: 'vault-id',
            label: 'Payment token id (vault_id)',
            required: true,
            value: draft.vaulted.id,
            width: 260,
            mono: true,
            onChange: (v) => onVaulted(ptr.vaultId(draft.vaulted.kind), (c) => ({ ...c, id: v })),
          })}
        </Stack>
      ) : null}
    </Box>
  );
}
