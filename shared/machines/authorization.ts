import { defineMachine } from './machine.js';

export type AuthorizationStatus = 'CREATED' | 'PARTIALLY_CAPTURED' | 'CAPTURED' | 'VOIDED' | 'EXPIRED';

/** Payments v2 authorizations (spec 2.5 and part 3). */
export const authorizationMachine = defineMachine<AuthorizationStatus>({
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
});
