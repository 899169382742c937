/**
 * A resource's state machine as data: the service moves resources through it (one `transition()` helper
 * on the host), the UI draws it and computes which actions are legal and why the others are not, and
 * tests walk it. The rules live here once; no component or service writes them again.
 *
 * A transition with an empty `from` list is how a resource comes into existence (its create call).
 */
export interface Transition<S extends string, T extends string> {
  /** What makes the move happen: an API call or a scheduled job. */
  trigger: T;
  from: readonly S[];
  to: S;
  /** Short human label for buttons and diagrams. */
  label: string;
}

/**
 * The issue a trigger is refused with when its resource is in a state the trigger does not leave from:
 * one issue for the trigger, or one per state where the reason differs (an order not yet approved
 * versus one already completed).
 */
export interface Refusal<S extends string> {
  /** Issue code (`details[].issue`) of the 422 answer. */
  issue: string;
  /** A more precise issue for some states. */
  when?: Partial<Record<S, string>>;
}

export interface Machine<S extends string, T extends string = string> {
  resource: string;
  states: Readonly<Record<S, string>>;
  transitions: readonly Transition<S, T>[];
  /**
   * How every trigger a caller can ask for is refused; triggers the system fires itself (jobs, the
   * bus) may leave it out, they are skipped when illegal instead of refused.
   */
  refusals: Partial<Readonly<Record<T, Refusal<S>>>>;
}

export function defineMachine<S extends string, T extends string>(machine: Machine<S, T>): Machine<S, T> {
  return machine;
}

/** The statuses and triggers of a machine, as types. */
export type StateOf<M> = M extends Machine<infer S, string> ? S : never;
export type TriggerOf<M> = M extends Machine<string, infer T> ? T : never;

/** The transition `trigger` allows from `state`, if any. */
export function findTransition<S extends string, T extends string>(
  machine: Machine<S, T>,
  state: S,
  trigger: T,
): Transition<S, T> | undefined {
  return machine.transitions.find((t) => t.trigger === trigger && t.from.includes(state));
}

/** The state a create trigger brings a new resource into. */
export function initialState<S extends string, T extends string>(machine: Machine<S, T>, trigger: T): S {
  const transition = machine.transitions.find((t) => t.trigger === trigger && t.from.length === 0);
  if (!transition) throw new Error(`${machine.resource}: ${trigger} does not create a resource`);
  return transition.to;
}

/** The issue code `trigger` is refused with from `state`, or undefined when it is legal there. */
export function refusalOf<S extends string, T extends string>(
  machine: Machine<S, T>,
  state: S,
  trigger: T,
): string | undefined {
  if (findTransition(machine, state, trigger)) return undefined;
  const refusal = machine.refusals[trigger];
  return refusal?.when?.[state] ?? refusal?.issue ?? 'UNPROCESSABLE_ENTITY';
}

/** One action a UI may offer from a state: allowed, or refused with the issue that says why. */
export interface MachineAction<S extends string, T extends string> {
  trigger: T;
  label: string;
  /** Where the action leads when it is allowed. */
  to: S | undefined;
  allowed: boolean;
  /** The issue code a call would be refused with (only when not allowed). */
  issue?: string;
}

/**
 * Every trigger a caller can ask for (those with a refusal entry), as actions from `state`: the
 * buttons of a detail page and the buyer page, enabled or disabled with their reason.
 */
export function actionsFrom<S extends string, T extends string>(
  machine: Machine<S, T>,
  state: S,
): MachineAction<S, T>[] {
  return (Object.keys(machine.refusals) as T[]).map((trigger) => {
    const transition = findTransition(machine, state, trigger);
    const label =
      transition?.label ?? machine.transitions.find((t) => t.trigger === trigger)?.label ?? trigger;
    const issue = refusalOf(machine, state, trigger);
    return {
      trigger,
      label,
      to: transition?.to,
      allowed: !issue,
      ...(issue ? { issue } : {}),
    };
  });
}

/** Every trigger that is legal from `state`. */
export function legalTriggers<S extends string, T extends string>(machine: Machine<S, T>, state: S): T[] {
  return [...new Set(machine.transitions.filter((t) => t.from.includes(state)).map((t) => t.trigger))];
}

export function isTerminal<S extends string, T extends string>(machine: Machine<S, T>, state: S): boolean {
  return !machine.transitions.some((t) => t.from.includes(state) && t.to !== state);
}
