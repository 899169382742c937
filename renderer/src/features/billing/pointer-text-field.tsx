import TextField from '@mui/material/TextField';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { MONO } from '../../components/mono-font';

/** What a pointer field needs of `useFormProblems`. */
interface Problems {
  errorOf(pointer: string): string | undefined;
  touch(pointer: string): void;
}

export interface PointerTextFieldProps {
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
}: PointerTextFieldProps) {
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

/** How one field of a draft form differs from the form's others. */
type FieldOptions = Pick<
  PointerTextFieldProps,
  'helper' | 'width' | 'mono' | 'required' | 'placeholder' | 'shrinkLabel' | 'touchOnBlur'
>;

/** The members of a draft that hold the text typed. */
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/**
 * The text fields of a form whose draft holds each member as typed: the returned `field(key, pointer,
 * label, testId)` binds one member to its pointer; `defaults` hold for every field of the form.
 */
export function draftTextFields<D>(
  problems: Problems,
  draft: D,
  setDraft: Dispatch<SetStateAction<D>>,
  defaults: FieldOptions = {},
) {
  return (key: TextKey<D>, pointer: string, label: string, testId: string, options: FieldOptions = {}) => (
    <PointerTextField
      problems={problems}
      pointer={pointer}
      label={label}
      testId={testId}
      value={draft[key] as string}
      onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
      {...defaults}
      {...options}
    />
  );
}
