import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SUBSCRIPTION_LIMITS } from '../../../../shared/api/subscriptions';
import { MoneyError, toMinor, type Money } from '../../../../shared/money';
import { MONO } from '../../components/mono-font';
import { SubscriptionDialog } from './subscription-dialog';

function amountProblem(value: string, outstanding: Money | undefined): string | undefined {
  if (!outstanding) return 'There is no outstanding balance.';
  try {
    const minor = toMinor(value.trim(), outstanding.currency_code);
    if (minor <= 0n) return 'More than zero.';
    if (minor > toMinor(outstanding.value, outstanding.currency_code))
      return `At most the outstanding ${outstanding.value} ${outstanding.currency_code}.`;
    return undefined;
  } catch (error) {
    return error instanceof MoneyError ? error.message : 'Not an amount.';
  }
}

/** Capture (all or part of) the outstanding balance now, from the buyer's funding. */
export function CaptureDialog({
  open,
  onClose,
  outstanding,
  mutation,
}: {
  open: boolean;
  onClose(): void;
  outstanding: Money | undefined;
  mutation: UseMutationResult<unknown, unknown, { amount: Money; note: string }>;
}) {
  const [value, setValue] = useState(outstanding?.value ?? '');
  const [note, setNote] = useState('Charging the outstanding balance');
  const problem = amountProblem(value, outstanding);
  const noteProblem = !note.trim() || note.trim().length > SUBSCRIPTION_LIMITS.note;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || noteProblem || !outstanding || mutation.isPending) return;
    mutation.mutate(
      { amount: { currency_code: outstanding.currency_code, value: value.trim() }, note: note.trim() },
      { onSuccess: onClose },
    );
  };
  return (
    <SubscriptionDialog
      open={open}
      onClose={onClose}
      title="Capture outstanding balance"
      testId="capture-dialog"
      onSubmit={submit}
      action={{
        submitLabel: 'Capture',
        call: mutation,
        failedTitle: 'The API refused the capture',
        disabled: Boolean(problem) || noteProblem,
        testId: 'capture-submit',
      }}
    >
      <TextField
        label={`Amount (${outstanding?.currency_code ?? ''})`}
        size="small"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? `Outstanding ${outstanding?.value ?? '0'} ${outstanding?.currency_code ?? ''}`}
        slotProps={{
          htmlInput: {
            inputMode: 'decimal',
            style: { fontFamily: MONO },
            'data-testid': 'capture-amount',
          },
        }}
      />
      <TextField
        label="Note"
        size="small"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={noteProblem}
        helperText={noteProblem ? `1 to ${SUBSCRIPTION_LIMITS.note} characters.` : undefined}
      />
    </SubscriptionDialog>
  );
}
