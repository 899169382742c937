import { defineMachine } from './machine.js';

export type CaptureStatus = 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

/** Payments v2 captures. */
export const captureMachine = defineMachine<CaptureStatus>({
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
});
