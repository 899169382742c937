import { useState, type FormEvent } from 'react';
import type { Checked } from './payment-forms';

/**
 * A form draft (capture, refund) and its checks. A field's problem shows once the field was touched or
 * the form submitted, not while the user has yet to get to it.
 */
export function useCheckedDraft<D extends object, B>(
  initial: () => D,
  check: (draft: D) => Checked<keyof D & string, B>,
) {
  const [draft, setDraft] = useState<D>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof D, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const checked = check(draft);
  return {
    draft,
    checked,
    /** The submit button stays off once a submitted draft is known not to check out. */
    invalid: submitted && !checked.body,
    shown: (field: keyof D & string) => ((submitted || touched[field]) && checked.errors[field]) || undefined,
    set: <K extends keyof D>(field: K, value: D[K]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
    },
    touch: (field: keyof D) => setTouched((t) => ({ ...t, [field]: true })),
    /** Handles the form's submit event: marks the form submitted and gives the body to send, if it checks out. */
    submit: (event: FormEvent): B | undefined => {
      event.preventDefault();
      setSubmitted(true);
      return checked.body;
    },
  };
}
