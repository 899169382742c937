import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MoneyDialog } from '../../components/money-dialog';
import { usePaymentAction } from './payment-mutations';
import { DialogButtons } from '../../components/dialog-buttons';

interface VoidDialogProps {
  open: boolean;
  onClose(): void;
  authorizationId: string;
  /** What is released, e.g. "60.00 USD". */
  remainingText: string;
  /** How many captures already exist (they stay). */
  captureCount: number;
}

/** Asks before voiding: a void cannot be undone. */
export function VoidDialog(props: VoidDialogProps) {
  return (
    <MoneyDialog name="void" open={props.open} onClose={props.onClose} maxWidth="xs">
      <VoidBody {...props} />
    </MoneyDialog>
  );
}

function VoidBody({ onClose, authorizationId, remainingText, captureCount }: VoidDialogProps) {
  const notify = useUi((s) => s.notify);
  const voidCall = usePaymentAction<undefined>('authorization', authorizationId, 'void', () => {
    notify(`Voided ${authorizationId}; ${remainingText} released`, 'success');
    onClose();
  });
  return (
    <>
      <DialogTitle id="void-title">Void authorization?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            The remaining {remainingText} is released to the payer and no further captures are possible.
            {captureCount > 0
              ? ` The ${captureCount === 1 ? 'capture' : `${captureCount} captures`} already made stay${captureCount === 1 ? 's' : ''}.`
              : ''}{' '}
            This cannot be undone.
          </DialogContentText>
          <ApiErrorAlert
            error={voidCall.error}
            title="Void failed"
            onClose={() => voidCall.reset()}
            testId="void-error"
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        closeLabel="Keep it"
        focusClose
        submitLabel="Void"
        pendingLabel="Voiding…"
        color="error"
        pending={voidCall.isPending}
        onSubmit={() => voidCall.mutate(undefined)}
        testId="void-confirm"
      />
    </>
  );
}
