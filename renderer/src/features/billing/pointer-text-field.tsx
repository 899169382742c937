import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { MONO } from '../../components/mono-font';

/** What a pointer field needs of `useFormProblems`. */
interface Problems {
  errorOf(pointer: string): string | undefined;
  touch(pointer: string): void;
}

/**
 * A text input of a billing form bound to the JSON pointer of the request member it fills: its problem
 * (the form's own check or the API's `details[]`) replaces the helper text, editing it marks the
 * pointer touched, and `data-pointer` lets the problem list find and focus it.
 */
export function PointerTextField({
  problems,
  pointer,
  label,
  value,
  onChange,
  testId,
  helper,
  width = '100%',
  mono = false,
  required,
  placeholder,
  shrinkLabel = false,
  touchOnBlur = false,
}: {
  problems: Problems;
  pointer: string;
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  helper?: ReactNode;
  width?: number | string;
  mono?: boolean;
  required?: boolean;
  placeholder?: string;
  /** Keeps the label above an empty field, where a placeholder or a browser widget fills it. */
  shrinkLabel?: boolean;
  /** Shows a required field's problem as soon as the user leaves it, not only once it was edited. */
  touchOnBlur?: boolean;
}) {
  const error = problems.errorOf(pointer);
  return (
    <TextField
      label={label}
      size="small"
      value={value}
      required={required}
      placeholder={placeholder}
      onChange={(e) => {
        problems.touch(pointer);
        onChange(e.target.value);
      }}
      onBlur={touchOnBlur ? () => problems.touch(pointer) : undefined}
      error={Boolean(error)}
      helperText={error ?? helper}
      sx={{ width }}
      slotProps={{
        inputLabel: shrinkLabel ? { shrink: true } : undefined,
        htmlInput: {
          'data-testid': testId,
          'data-pointer': pointer,
          ...(mono ? { style: { fontFamily: MONO } } : {}),
        },
      }}
    />
  );
}
