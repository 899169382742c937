import { defineMachine } from '../../machines/machine.js';

export type ReferencedPayoutItemStatus = 'PROCESSING' | 'SUCCESS' | 'FAILED';
export type ReferencedPayoutItemTrigger = 'create' | 'succeed' | 'fail';

/**
 * A referenced payout item (`processing_state.status`, spec part 3): PROCESSING until the sandbox
 * processes it (at once for a synchronous call, on the scheduler for an asynchronous one), then SUCCESS,
 * or FAILED with a `processing_state.reason`. Only the system moves an item, so no trigger has a
 * refusal: nothing a caller asks for can be refused by an item's state.
 */
export const referencedPayoutItemMachine = defineMachine<
  ReferencedPayoutItemStatus,
  ReferencedPayoutItemTrigger
>({
  resource: 'referenced-payout-item',
  states: {
    PROCESSING: 'Accepted; the payout is being processed. Another request on its reference is refused.',
    SUCCESS: 'Paid out: the sender was debited (T0001) and the payee received the amount.',
    FAILED: 'Not paid out; processing_state.reason says why. Nothing moved.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'PROCESSING', label: 'Create referenced payout' },
    { trigger: 'succeed', from: ['PROCESSING'], to: 'SUCCESS', label: 'Pay out' },
    { trigger: 'fail', from: ['PROCESSING'], to: 'FAILED', label: 'Fail' },
  ],
  refusals: {},
});

export type ReferencedPayoutBatchStatus = 'PROCESSING' | 'COMPLETED';
export type ReferencedPayoutBatchTrigger = 'create' | 'complete';

/**
 * A referenced payout batch. The API shows no batch status (its items carry one each); the workbench
 * shows whether every item of it is final.
 */
export const referencedPayoutBatchMachine = defineMachine<
  ReferencedPayoutBatchStatus,
  ReferencedPayoutBatchTrigger
>({
  resource: 'referenced-payout-batch',
  states: {
    PROCESSING: 'Accepted; its items are being processed.',
    COMPLETED: 'Every item of the batch is final (SUCCESS or FAILED).',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'PROCESSING', label: 'Create referenced batch payout' },
    { trigger: 'complete', from: ['PROCESSING'], to: 'COMPLETED', label: 'Complete' },
  ],
  refusals: {},
});

/**
 * Why an item FAILED (`processing_state.reason`): the platform's reasons that the sandbox produces, with
 * what makes it produce them.
 */
export const PROCESSING_REASONS = {
  NOT_ENOUGH_BALANCE: "The sender's available balance in the payout currency is below the payout amount.",
  AMOUNT_CHECK_FAILED:
    'The payout amount is more than what remains to be paid out on the referenced capture.',
  TRANSACTION_NOT_VALID: 'The referenced capture was fully refunded.',
  PAYOUT_ALREADY_COMPLETED_FOR_REFERENCE: 'Earlier referenced payouts already paid out the whole capture.',
} as const;

export type ProcessingReason = keyof typeof PROCESSING_REASONS;
