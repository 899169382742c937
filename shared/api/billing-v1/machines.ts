import { defineMachine } from '../../machines/machine.js';

export type LegacyPlanState = 'CREATED' | 'ACTIVE' | 'INACTIVE';
export type LegacyPlanTrigger = 'create' | 'activate' | 'deactivate' | 'update';

/** A v1 billing plan (spec 2.8, part 3): CREATED; a PATCH of `/` with `{state: ACTIVE}` activates it. */
export const billingPlanV1Machine = defineMachine<LegacyPlanState, LegacyPlanTrigger>({
  resource: 'billing-plan-v1',
  states: {
    CREATED: 'Created: agreements cannot be made until it is ACTIVE.',
    ACTIVE: 'Active: agreements can be made on it.',
    INACTIVE: 'Inactive: no new agreements.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Create plan' },
    { trigger: 'activate', from: ['CREATED', 'INACTIVE'], to: 'ACTIVE', label: 'PATCH state ACTIVE' },
    { trigger: 'deactivate', from: ['CREATED', 'ACTIVE'], to: 'INACTIVE', label: 'PATCH state INACTIVE' },
    ...(['CREATED', 'ACTIVE', 'INACTIVE'] as const).map((s) => ({
      trigger: 'update' as const,
      from: [s],
      to: s,
      label: 'Update',
    })),
  ],
  refusals: {
    activate: { issue: 'LEGACY_PLAN_STATE_INVALID' },
    deactivate: { issue: 'LEGACY_PLAN_STATE_INVALID' },
  },
});

export type AgreementState = 'Pending' | 'Active';
export type AgreementTrigger = 'create' | 'execute';

/**
 * A v1 billing agreement (spec 2.9, part 3): Pending until executed after the buyer's approval, then
 * Active. What happens later (suspension, cancellation, expiry) is its subscription's, which bills it:
 * the agreement's `state` shows it.
 */
export const billingAgreementV1Machine = defineMachine<AgreementState, AgreementTrigger>({
  resource: 'billing-agreement-v1',
  states: {
    Pending: 'Created: waiting for the buyer to approve it and the merchant to execute it.',
    Active: 'Executed: billed by its subscription on the simulated clock.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'Pending', label: 'Create agreement' },
    { trigger: 'execute', from: ['Pending'], to: 'Active', label: 'Execute' },
  ],
  refusals: { execute: { issue: 'AGREEMENT_ALREADY_EXECUTED' } },
});
