import TextField from '@mui/material/TextField';
import { MONO } from '../../components/mono-font';

/** What a draft text field needs of `useCheckedDraft`: the draft, a member's shown problem, and a setter. */
export interface DraftAccess<D> {
  draft: D;
  shown(field: keyof D & string): string | undefined;
  set<K extends keyof D>(field: K, value: D[K]): void;
}

/**
 * A text member of a checked payment draft: its problem once it is to be shown, otherwise the hint and
 * how many of the API's `limit` characters it uses.
 */
export function DraftTextField<D, F extends keyof D & string>({
  form,
  field,
  label,
  limit,
  hint,
  testId,
  multiline = false,
  mono = false,
}: {
  form: DraftAccess<D> & { draft: Record<F, string> };
  field: F;
  label: string;
  limit: number;
  hint?: string;
  testId: string;
  multiline?: boolean;
  mono?: boolean;
}) {
  const value = form.draft[field];
  const problem = form.shown(field);
  const counter = `${value.length}/${limit}`;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => form.set(field, e.target.value as D[F])}
      error={!!problem}
      helperText={problem ?? (hint ? `${hint} ${counter}` : counter)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ htmlInput: { 'data-testid': testId, ...(mono ? { style: { fontFamily: MONO } } : {}) } }}
    />
  );
}
