import { ISSUES } from '../../../shared/api/registry';
import { actionsFrom, type Machine } from '../../../shared/machines/machine';

/**
 * Whether a button may be pressed and, when not, why. The state rules come from the resource's machine
 * (`actionsFrom`), the reason from the one issue table: a disabled button says what the API would
 * answer if the call were made anyway.
 */
export interface Availability {
  disabled: boolean;
  /** The reason shown beside a disabled button. */
  reason?: string;
}

export const AVAILABLE: Availability = { disabled: false };

export const unavailable = (reason: string): Availability => ({ disabled: true, reason });

/** What an issue code means, from the shared issue table (the code itself when the table lacks it). */
export function issueDescription(issue: string): string {
  return (
    (ISSUES as Readonly<Record<string, { description: string } | undefined>>)[issue]?.description ?? issue
  );
}

/** Whether the machine lets a caller ask for `trigger` from `state`; if not, the refusal's description. */
export function machineAvailability<S extends string, T extends string>(
  machine: Machine<S, T>,
  state: S,
  trigger: T,
): Availability {
  const action = actionsFrom(machine, state).find((a) => a.trigger === trigger);
  if (!action) throw new Error(`${machine.resource}: ${trigger} is not an action a caller can ask for`);
  return action.allowed ? AVAILABLE : unavailable(issueDescription(action.issue ?? 'UNPROCESSABLE_ENTITY'));
}
