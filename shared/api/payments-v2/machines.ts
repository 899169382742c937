import { defineMachine } from '../../machines/machine.js';

export type AuthorizationStatus = 'CREATED' | 'PARTIALLY_CAPTURED' | 'CAPTURED' | 'VOIDED' | 'EXPIRED';
export type AuthorizationTrigger = 'create' | 'capture' | 'final-capture' | 'reauthorize' | 'void' | 'expire';

/** What a capture of an authorization answers once it cannot be captured any more. */
const CAPTURE_REFUSAL = {
  issue: 'AUTHORIZATION_ALREADY_CAPTURED',
  when: { VOIDED: 'AUTHORIZATION_VOIDED', EXPIRED: 'AUTHORIZATION_EXPIRED' },
} as const;

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
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Authorize order' },
    {
      trigger: 'capture',
      from: ['CREATED', 'PARTIALLY_CAPTURED'],
      to: 'PARTIALLY_CAPTURED',
      label: 'Capture part',
    },
    {
      trigger: 'final-capture',
      from: ['CREATED', 'PARTIALLY_CAPTURED'],
      to: 'CAPTURED',
      label: 'Final capture',
    },
    { trigger: 'reauthorize', from: ['CREATED'], to: 'CREATED', label: 'Reauthorize' },
    { trigger: 'void', from: ['CREATED', 'PARTIALLY_CAPTURED'], to: 'VOIDED', label: 'Void' },
    { trigger: 'expire', from: ['CREATED', 'PARTIALLY_CAPTURED'], to: 'EXPIRED', label: 'Expire (day 29)' },
  ],
  refusals: {
    capture: CAPTURE_REFUSAL,
    'final-capture': CAPTURE_REFUSAL,
    void: { issue: 'CANNOT_BE_VOIDED', when: { VOIDED: 'AUTHORIZATION_VOIDED' } },
    reauthorize: {
      issue: 'REAUTHORIZE_NOT_ALLOWED',
      when: { VOIDED: 'AUTHORIZATION_VOIDED', EXPIRED: 'REAUTHORIZE_TOO_LATE' },
    },
  },
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
    {
      trigger: 'refund',
      from: ['COMPLETED', 'PARTIALLY_REFUNDED'],
      to: 'PARTIALLY_REFUNDED',
      label: 'Refund part',
    },
    {
      trigger: 'refund-rest',
      from: ['COMPLETED', 'PARTIALLY_REFUNDED'],
      to: 'REFUNDED',
      label: 'Refund the rest',
    },
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
