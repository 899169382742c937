import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SUBSCRIPTION_LIMITS } from '../../../../shared/api/subscriptions';
import type { SubscriptionMove } from './billing-api';
import { SubscriptionDialog } from './subscription-dialog';

const REASON_PROMPTS: Record<SubscriptionMove, { title: string; required: boolean; submit: string }> = {
  suspend: { title: 'Suspend subscription', required: true, submit: 'Suspend' },
  activate: { title: 'Activate subscription', required: false, submit: 'Activate' },
  cancel: { title: 'Cancel subscription', required: true, submit: 'Cancel subscription' },
};

/** Suspend and cancel need a reason (the API refuses without one); activate takes one optionally. */
export function ReasonDialog({
  move,
  onClose,
  mutation,
}: {
  move: SubscriptionMove | undefined;
  onClose(): void;
  mutation: UseMutationResult<unknown, unknown, { move: SubscriptionMove; reason: string }>;
}) {
  const [reason, setReason] = useState('');
  const prompt = move ? REASON_PROMPTS[move] : undefined;
  const tooLong = reason.trim().length > SUBSCRIPTION_LIMITS.reason;
  const missing = prompt?.required === true && !reason.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!move || missing || tooLong || mutation.isPending) return;
    mutation.mutate({ move, reason }, { onSuccess: () => (setReason(''), onClose()) });
  };
  return (
    <SubscriptionDialog
      open={move !== undefined}
      onClose={onClose}
      title={prompt?.title}
      testId="reason-dialog"
      onSubmit={submit}
      action={{
        submitLabel: prompt?.submit,
        color: move === 'cancel' ? 'error' : 'primary',
        call: mutation,
        failedTitle: 'The API refused',
        disabled: missing || tooLong,
        testId: 'reason-submit',
      }}
    >
      <TextField
        autoFocus
        label={prompt?.required ? 'Reason' : 'Reason (optional)'}
        size="small"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={tooLong}
        helperText={
          tooLong ? `At most ${SUBSCRIPTION_LIMITS.reason} characters.` : 'Kept as the status change note'
        }
        slotProps={{ htmlInput: { 'data-testid': 'reason-input' } }}
      />
      {move === 'cancel' ? (
        <Alert severity="warning">
          A cancelled subscription is never billed again and cannot be reactivated.
        </Alert>
      ) : null}
    </SubscriptionDialog>
  );
}
