/**
 * A resource's state machine as data: the service enforces it, the UI draws it, tests walk it.
 *
 * A transition with an empty `from` list is how a resource comes into existence (its create call).
 */
export interface Transition<S extends string> {
  /** What makes the move happen: an API call or a scheduled job. */
  trigger: string;
  from: readonly S[];
  to: S;
  /** Short human label for buttons and diagrams. */
  label: string;
}

export interface Machine<S extends string> {
  resource: string;
  states: Readonly<Record<S, string>>;
  transitions: readonly Transition<S>[];
}

export function defineMachine<S extends string>(machine: Machine<S>): Machine<S> {
  return machine;
}

/** The transition `trigger` allows from `state`, if any. */
export function findTransition<S extends string>(
  machine: Machine<S>,
  state: S,
  trigger: string,
): Transition<S> | undefined {
  return machine.transitions.find((t) => t.trigger === trigger && t.from.includes(state));
}

/** Every trigger that is legal from `state`: the actions a UI may offer. */
export function legalTriggers<S extends string>(machine: Machine<S>, state: S): string[] {
  return [...new Set(machine.transitions.filter((t) => t.from.includes(state)).map((t) => t.trigger))];
}

export function isTerminal<S extends string>(machine: Machine<S>, state: S): boolean {
  return !machine.transitions.some((t) => t.from.includes(state) && t.to !== state);
}
