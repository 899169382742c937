import TextField from '@mui/material/TextField';
import { MONO } from './mono-font';

/** The JSON body of a request typed by hand: `syntax` is why it does not parse, shown in place of the hint. */
export function JsonBodyField({
  value,
  onChange,
  syntax,
  hint,
  testId,
}: {
  value: string;
  onChange(value: string): void;
  syntax: string | undefined;
  hint: string;
  testId: string;
}) {
  return (
    <TextField
      label="Request body (JSON)"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline
      minRows={14}
      maxRows={24}
      error={!!syntax}
      helperText={syntax ?? hint}
      slotProps={{ htmlInput: { 'data-testid': testId, style: { fontFamily: MONO, fontSize: 13 } } }}
    />
  );
}
