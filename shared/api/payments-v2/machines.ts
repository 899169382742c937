import { defineMachine } from '../../machines/machine.js';
import {
  authorizationRefusals,
  authorizationTransitions,
  refundTransitions,
  type AuthorizationStates,
} from '../money-lifecycles.js';

export type AuthorizationStatus = 'CREATED' | 'PARTIALLY_CAPTURED' | 'CAPTURED' | 'VOIDED' | 'EXPIRED';
export type AuthorizationTrigger = 'create' | 'capture' | 'final-capture' | 'reauthorize' | 'void' | 'expire';

const AUTHORIZATION_STATES: AuthorizationStates<AuthorizationStatus> = {
  held: 'CREATED',
  partiallyCaptured: 'PARTIALLY_CAPTURED',
  captured: 'CAPTURED',
  voided: 'VOIDED',
  expired: 'EXPIRED',
};

/** Payments v2 authorizations (spec 2.5 and part 3). */
export const authorizationMachine = defineMachine<AuthorizationStatus, AuthorizationTrigger>({
  resource: 'authorization',
  states: {
    CREATED: 'Funds are held; capture, void or (day 4..29) reauthorize.',
    PARTIALLY_CAPTURED: 'Part of the amount was captured; more captures or a void of the rest are possible.',
    CAPTURED: 'Fully captured, or a final capture closed it.',
    VOIDED: 'Voided; the remaining funds were released.',
    EXPIRED: 'Not captured within 29 days; a new authorization is required.',
  },
  transitions: authorizationTransitions(AUTHORIZATION_STATES, 'Authorize order'),
  refusals: authorizationRefusals(AUTHORIZATION_STATES, {
    closed: 'AUTHORIZATION_ALREADY_CAPTURED',
    notVoidable: 'CANNOT_BE_VOIDED',
  }),
});

export type CaptureStatus = 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
export type CaptureTrigger = 'create' | 'refund' | 'refund-rest';

/** Payments v2 captures. */
export const captureMachine = defineMachine<CaptureStatus, CaptureTrigger>({
  resource: 'capture',
  states: {
    COMPLETED: 'The funds were captured and credited to the payee, less the fee.',
    PARTIALLY_REFUNDED: 'Part of the captured amount was refunded.',
    REFUNDED: 'The whole captured amount was refunded.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'COMPLETED', label: 'Capture' },
    ...refundTransitions({
      completed: 'COMPLETED',
      partiallyRefunded: 'PARTIALLY_REFUNDED',
      refunded: 'REFUNDED',
    }),
  ],
  refusals: {
    refund: { issue: 'CAPTURE_FULLY_REFUNDED' },
    'refund-rest': { issue: 'CAPTURE_FULLY_REFUNDED' },
  },
});

export type RefundStatus = 'COMPLETED';
export type RefundTrigger = 'create';

/** Payments v2 refunds: the sandbox settles them at once. */
export const refundMachine = defineMachine<RefundStatus, RefundTrigger>({
  resource: 'refund',
  states: { COMPLETED: 'The refund was sent to the payer.' },
  transitions: [{ trigger: 'create', from: [], to: 'COMPLETED', label: 'Refund' }],
  refusals: {},
});
