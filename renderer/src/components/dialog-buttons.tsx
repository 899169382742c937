import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { DialogApiError } from './api-error-alert';

/**
 * A dialog's closing button and its one main button, after whatever `children` add to the bar (a
 * problem count, "Open in console"). The main button submits the dialog's form unless `onSubmit` is
 * given; it is off while the call runs (`pending`, which also swaps in `pendingLabel`) or when the
 * draft cannot be sent (`disabled`). Given the `call` the main button makes, the call's refusal stands
 * above the buttons (`failedTitle`, test id `errorTestId`) and the button is off while the call runs.
 */
export function DialogButtons({
  onClose,
  closeLabel = 'Cancel',
  focusClose,
  submitLabel,
  pendingLabel,
  pending = false,
  disabled = false,
  onSubmit,
  color,
  testId,
  call,
  failedTitle = 'The API refused',
  errorTestId,
  children,
}: {
  onClose(): void;
  closeLabel?: string;
  /** The closing button takes the focus: the safe choice of a destructive confirmation. */
  focusClose?: boolean;
  submitLabel: ReactNode;
  pendingLabel?: string;
  pending?: boolean;
  disabled?: boolean;
  onSubmit?(): void;
  color?: 'primary' | 'error';
  testId?: string;
  call?: { error: unknown; isPending: boolean; reset(): void };
  failedTitle?: string;
  errorTestId?: string;
  children?: ReactNode;
}) {
  const running = pending || call?.isPending === true;
  return (
    <>
      {call ? (
        <DialogApiError
          error={call.error}
          title={failedTitle}
          onClose={() => call.reset()}
          testId={errorTestId ?? 'api-error'}
        />
      ) : null}
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {children}
        <Button onClick={onClose} autoFocus={focusClose}>
          {closeLabel}
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          variant="contained"
          color={color}
          onClick={onSubmit ? () => onSubmit() : undefined}
          disabled={running || disabled}
          data-testid={testId}
        >
          {running && pendingLabel ? pendingLabel : submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}
