import type { Refusal, Transition } from '../machines/machine.js';

/**
 * The moves money resources make alike in every API version that has them; each version names the
 * states its own way (v1's lower-case words, v2's capitals), so the moves are written once over names.
 */

/** What an authorization's states are called in one API version. */
export interface AuthorizationStates<S extends string> {
  held: S;
  partiallyCaptured: S;
  captured: S;
  voided: S;
  expired: S;
}

/**
 * An authorization's life: captured in parts or at once (a final capture closes it), reauthorized while
 * nothing was captured, voided or expired while anything remains. `createLabel` names how it is made.
 */
export function authorizationTransitions<S extends string>(
  states: AuthorizationStates<S>,
  createLabel: string,
): Transition<S, 'create' | 'capture' | 'final-capture' | 'reauthorize' | 'void' | 'expire'>[] {
  const open = [states.held, states.partiallyCaptured];
  return [
    { trigger: 'create', from: [], to: states.held, label: createLabel },
    { trigger: 'capture', from: open, to: states.partiallyCaptured, label: 'Capture part' },
    { trigger: 'final-capture', from: open, to: states.captured, label: 'Final capture' },
    { trigger: 'reauthorize', from: [states.held], to: states.held, label: 'Reauthorize' },
    { trigger: 'void', from: open, to: states.voided, label: 'Void' },
    { trigger: 'expire', from: open, to: states.expired, label: 'Expire (day 29)' },
  ];
}

/**
 * How an authorization refuses a move it cannot make: the same rules in every version, with the issue
 * names each version answers a capture of a closed authorization (`closed`) and a void of one (`notVoidable`).
 */
export function authorizationRefusals<S extends string>(
  states: AuthorizationStates<S>,
  issues: { closed: string; notVoidable: string },
): Record<'capture' | 'final-capture' | 'void' | 'reauthorize', Refusal<S>> {
  const voided = { [states.voided]: 'AUTHORIZATION_VOIDED' } as Partial<Record<S, string>>;
  const capture = { issue: issues.closed, when: { ...voided, [states.expired]: 'AUTHORIZATION_EXPIRED' } };
  return {
    capture,
    'final-capture': capture,
    void: { issue: issues.notVoidable, when: voided },
    reauthorize: {
      issue: 'REAUTHORIZE_NOT_ALLOWED',
      when: { ...voided, [states.expired]: 'REAUTHORIZE_TOO_LATE' },
    },
  };
}

/** What money received (a sale, a capture) is in as it is refunded, in one API version's words. */
export interface RefundableStates<S extends string> {
  completed: S;
  partiallyRefunded: S;
  refunded: S;
}

/** Money received is refunded in parts, then the rest; either only while something remains. */
export function refundTransitions<S extends string>(
  states: RefundableStates<S>,
): Transition<S, 'refund' | 'refund-rest'>[] {
  const open = [states.completed, states.partiallyRefunded];
  return [
    { trigger: 'refund', from: open, to: states.partiallyRefunded, label: 'Refund part' },
    { trigger: 'refund-rest', from: open, to: states.refunded, label: 'Refund the rest' },
  ];
}
