import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** One choice of a select field: a bare value shows itself; an object names its own label (and test id). */
export type SelectChoice = string | number | { value: string | number; label: ReactNode; testId?: string };

type PassedOn = Pick<
  TextFieldProps,
  'label' | 'size' | 'sx' | 'helperText' | 'error' | 'disabled' | 'required' | 'fullWidth'
>;

export interface SelectFieldProps extends PassedOn {
  value: string | number;
  /** The chosen value, always as the string the DOM holds (a numeric choice comes back as its digits). */
  onChange(value: string): void;
  choices: readonly SelectChoice[];
  /** A first choice with the empty value ("All statuses", "Any"): the filter or field left open. */
  emptyChoice?: ReactNode;
  /**
   * A browser `<select>` rather than MUI's menu: what the forms that also work as plain HTML and the
   * filters over long lists use (the keyboard type-ahead and the OS picker come for free).
   */
  native?: boolean;
  /**
   * Shows the empty choice's label in a menu select and lifts the field label above it; without it
   * the empty value leaves the field blank under its label.
   */
  displayEmpty?: boolean;
  /** On the `<input>`/`<select>` element the tests and the problem pointers find. */
  testId?: string;
  /** Further attributes of that element (`data-pointer`, `aria-label`). */
  inputAttributes?: Record<string, string>;
  /**
   * A value that is not among the choices (an id beyond the first page of a list, or one deleted since)
   * stays listed as itself, so the field never silently shows another choice than the one held.
   */
  keepUnlistedValue?: boolean;
  /** Lets a long helper text (a problem's detail) wrap inside the field's width. */
  wrapHelperText?: boolean;
}

function choiceOf(choice: SelectChoice): { value: string | number; label: ReactNode; testId?: string } {
  return typeof choice === 'object' ? choice : { value: choice, label: choice };
}

/**
 * A labelled select of a fixed list of choices: the one way the workbench renders a drop-down, so every
 * select looks and is tested alike whether it is a browser `<select>` or MUI's menu.
 */
export function SelectField({
  value,
  onChange,
  choices,
  emptyChoice,
  native = false,
  displayEmpty = false,
  testId,
  inputAttributes,
  keepUnlistedValue = false,
  wrapHelperText = false,
  size = 'small',
  ...field
}: SelectFieldProps) {
  const all = [...(emptyChoice === undefined ? [] : [{ value: '', label: emptyChoice }]), ...choices].map(
    choiceOf,
  );
  if (keepUnlistedValue && value !== '' && !all.some((choice) => choice.value === value)) {
    all.push({ value, label: value });
  }
  return (
    <TextField
      {...field}
      select
      size={size}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        // A native select always shows its chosen option, so its label always sits above it.
        select: native ? { native: true } : displayEmpty ? { displayEmpty: true } : undefined,
        inputLabel: native || displayEmpty ? { shrink: true } : undefined,
        formHelperText: wrapHelperText ? { sx: { overflowWrap: 'anywhere' } } : undefined,
        htmlInput: { ...(testId === undefined ? {} : { 'data-testid': testId }), ...inputAttributes },
      }}
    >
      {all.map((choice) =>
        native ? (
          <option key={choice.value} value={choice.value} data-testid={choice.testId}>
            {choice.label}
          </option>
        ) : (
          <MenuItem key={choice.value} value={choice.value} data-testid={choice.testId}>
            {choice.label}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}
