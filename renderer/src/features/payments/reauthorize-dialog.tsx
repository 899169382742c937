import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { ReauthorizeRequest } from '../../../../shared/api/payments-v2';
import { fromMinor } from '../../../../shared/money';
import { useUi } from '../../app/ui-store';
import { AmountField, MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { MONO } from '../../components/mono-font';
import { checkReauthorize } from './payment-forms';
import { usePaymentAction } from './payment-mutations';
import { reauthorizeCeiling, reauthorizeCeilingHint } from './reauthorize-window';

interface ReauthorizeDialogProps {
  open: boolean;
  onClose(): void;
  authorizationId: string;
  currency: string;
  /** The amount the authorization was first created for (the allowance is based on it). */
  originalMinor: bigint;
  /** Where the window stands, e.g. "Open: day 5 of 29, until …". */
  windowText: string;
}

/** Reauthorize (day 4..29): a new amount up to the allowance, and a new 3-day honor period. */
export function ReauthorizeDialog(props: ReauthorizeDialogProps) {
  return (
    <MoneyDialog name="reauthorize" open={props.open} onClose={props.onClose}>
      <ReauthorizeBody {...props} />
    </MoneyDialog>
  );
}

function ReauthorizeBody({
  onClose,
  authorizationId,
  currency,
  originalMinor,
  windowText,
}: ReauthorizeDialogProps) {
  const notify = useUi((s) => s.notify);
  const [amount, setAmount] = useState(() => fromMinor(originalMinor, currency));
  // One field only: typing in it counts as much as submitting, for showing its problem and for the button.
  const [touched, setTouched] = useState(false);
  const ceiling = reauthorizeCeiling(originalMinor, currency);
  const checked = checkReauthorize(amount, currency, ceiling);
  const error = touched ? checked.errors.amount : undefined;

  const reauthorize = usePaymentAction<ReauthorizeRequest>(
    'authorization',
    authorizationId,
    'reauthorize',
    (response) => {
      const body = response.body as { amount?: { value?: string } } | undefined;
      notify(`Reauthorized ${authorizationId} for ${body?.amount?.value ?? amount} ${currency}`, 'success');
      onClose();
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checked.body && !reauthorize.isPending) reauthorize.mutate(checked.body);
  };

  return (
    <MoneyDialogForm
      name="reauthorize"
      title="Reauthorize"
      onSubmit={submit}
      onClose={onClose}
      call={reauthorize}
      invalid={touched && !checked.body}
      failedTitle="Reauthorize failed"
      submitLabel="Reauthorize"
      pendingLabel="Reauthorizing…"
    >
      <Typography variant="body2" color="text.secondary">
        <Typography component="span" variant="body2" sx={{ fontFamily: MONO }}>
          {authorizationId}
        </Typography>{' '}
        gets a new amount and a new 3-day honor period. {windowText}.
      </Typography>
      <AmountField
        currency={currency}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setTouched(true);
        }}
        error={error}
        hint={`At most ${reauthorizeCeilingHint(originalMinor, currency)}.`}
        testId="reauthorize-amount"
      />
    </MoneyDialogForm>
  );
}
