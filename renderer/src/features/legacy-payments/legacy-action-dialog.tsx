import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import { useLegacyPost } from './legacy-payments-api';

/** One write on a v1 resource: where it posts, and whether it takes an amount (and a final-capture flag). */
export interface LegacyAction {
  /** Test ids: `legacy-<name>-dialog`, `legacy-<name>-amount`, `legacy-<name>-submit`. */
  name: string;
  title: string;
  path: string;
  submitLabel: string;
  /** Absent: the call has no amount (a void). */
  amount?: { currency: string; suggested: string; hint: string };
  finalCapture?: boolean;
}

const AMOUNT = /^\d+(\.\d+)?$/;

/** The dialog of a v1 write; the API's answer (or its error body) is what the user sees. */
export function LegacyActionDialog({ action, onClose }: { action: LegacyAction | null; onClose(): void }) {
  return (
    <MoneyDialog name={`legacy-${action?.name ?? 'action'}`} open={!!action} onClose={onClose}>
      {action ? <ActionForm action={action} onClose={onClose} /> : null}
    </MoneyDialog>
  );
}

function ActionForm({ action, onClose }: { action: LegacyAction; onClose(): void }) {
  const [value, setValue] = useState(action.amount?.suggested ?? '');
  const [final, setFinal] = useState(false);
  const [touched, setTouched] = useState(false);
  const call = useLegacyPost(action.path, () => onClose());
  const invalid = !!action.amount && !AMOUNT.test(value.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    const body: Record<string, unknown> = {};
    if (action.amount) body.amount = { total: value.trim(), currency: action.amount.currency };
    if (action.finalCapture) body.is_final_capture = final;
    call.mutate(body);
  };
  const name = `legacy-${action.name}`;
  return (
    <MoneyDialogForm
      name={name}
      title={action.title}
      onSubmit={submit}
      onClose={onClose}
      call={call}
      invalid={touched && invalid}
      failedTitle={`${action.submitLabel} failed`}
      submitLabel={action.submitLabel}
      pendingLabel="Sending…"
    >
      <Typography variant="body2" color="text.secondary">
        POST {action.path} (payments v1, deprecated)
      </Typography>
      {action.amount ? (
        <TextField
          label={`Amount (${action.amount.currency})`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && invalid}
          helperText={touched && invalid ? 'Expected a decimal amount such as 10.00.' : action.amount.hint}
          slotProps={{ htmlInput: { 'data-testid': `${name}-amount`, inputMode: 'decimal' } }}
        />
      ) : null}
      {action.finalCapture ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={final}
              onChange={(e) => setFinal(e.target.checked)}
              data-testid={`${name}-final`}
            />
          }
          label="Final capture (release what is not captured)"
        />
      ) : null}
    </MoneyDialogForm>
  );
}
