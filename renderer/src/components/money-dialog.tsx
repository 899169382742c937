import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent, ReactNode } from 'react';
import { ApiErrorAlert } from './api-error-alert';
import { MONO } from './mono-font';
import { DialogButtons } from './dialog-buttons';

/**
 * The dialog of a payment write (capture, refund, reauthorize, void). Its body mounts only while it is
 * open, so every opening starts from a fresh draft and a fresh Svc-Request-Id. `name` gives the test id
 * `<name>-dialog` and the title id `<name>-title` the body's DialogTitle must carry.
 */
export function MoneyDialog({
  name,
  open,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  name: string;
  open: boolean;
  onClose(): void;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={`${name}-title`}
      data-testid={`${name}-dialog`}
    >
      {open ? children : null}
    </Dialog>
  );
}

/** Where a money form's call stands: the parts of a react-query mutation the form shows. */
interface CallState {
  error: unknown;
  isPending: boolean;
  reset(): void;
}

/**
 * A money dialog's form: title, fields, the API's error (test id `<name>-error`), Cancel and the submit
 * button (`<name>-submit`), which is off while the call runs or once a submitted draft is known to be invalid.
 */
export function MoneyDialogForm({
  name,
  title,
  onSubmit,
  onClose,
  call,
  invalid,
  failedTitle,
  submitLabel,
  pendingLabel,
  children,
}: {
  name: string;
  title: string;
  onSubmit(event: FormEvent): void;
  onClose(): void;
  call: CallState;
  /** True once the draft was submitted (or touched) and does not check out. */
  invalid: boolean;
  /** The error alert's title, e.g. "Capture failed". */
  failedTitle: string;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <ApiErrorAlert
            error={call.error}
            title={failedTitle}
            onClose={() => call.reset()}
            testId={`${name}-error`}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        pending={call.isPending}
        disabled={invalid}
        testId={`${name}-submit`}
      />
    </form>
  );
}

/** The amount a money form asks for: in the currency's major units, typed as text so it can be checked exactly. */
export function AmountField({
  currency,
  value,
  onChange,
  onBlur,
  error,
  hint,
  testId,
}: {
  currency: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The check's message once it is to be shown; the hint otherwise. */
  error: string | undefined;
  hint: string;
  testId: string;
}) {
  return (
    <TextField
      label={`Amount (${currency})`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={!!error}
      helperText={error ?? hint}
      autoFocus
      required
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          inputMode: 'decimal',
          style: { fontFamily: MONO },
        },
      }}
    />
  );
}
