import { useState } from 'react';
import { ApiCallError } from '../../api/api-call';
import { serverFieldProblems } from './plan-draft';

/**
 * The problems a billing form shows at its inputs, by JSON pointer: the form's own checks once an
 * input was touched (or "Show" was pressed), and the API's `details[]` after a send, which always
 * show and clear as soon as their input is edited.
 */
export function useFormProblems(local: Record<string, string>) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});

  const touch = (pointer: string) => {
    setTouched((current) => (current.has(pointer) ? current : new Set(current).add(pointer)));
    setServer((current) => {
      if (!(pointer in current)) return current;
      const { [pointer]: _edited, ...rest } = current;
      return rest;
    });
  };

  return {
    errorOf: (pointer: string): string | undefined =>
      server[pointer] ?? (showAll || touched.has(pointer) ? local[pointer] : undefined),
    touch,
    showAll: () => setShowAll(true),
    shown: showAll,
    /** Takes the field problems of an API refusal (other errors stay in the form's alert). */
    fromError: (error: unknown) => {
      if (error instanceof ApiCallError) setServer(serverFieldProblems(error.details));
    },
    clearServer: () => setServer({}),
    count: Object.keys(local).length,
  };
}
