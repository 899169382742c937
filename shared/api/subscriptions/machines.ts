import { defineMachine } from '../../machines/machine.js';

export type PlanStatus = 'CREATED' | 'ACTIVE' | 'INACTIVE';
export type PlanTrigger =
  'create' | 'create-active' | 'update' | 'activate' | 'deactivate' | 'update-pricing';

/**
 * A subscription plan (spec 2.10, part 3): created CREATED or ACTIVE (the default); subscriptions are
 * made only on ACTIVE plans; deactivate makes it INACTIVE (existing subscriptions go on billing).
 */
export const subscriptionPlanMachine = defineMachine<PlanStatus, PlanTrigger>({
  resource: 'subscription-plan',
  states: {
    CREATED: 'Created, not yet active: no subscriptions can be made on it.',
    ACTIVE: 'Active: subscriptions can be made on it.',
    INACTIVE: 'Deactivated: no new subscriptions; existing ones go on billing.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Create plan (CREATED)' },
    { trigger: 'create-active', from: [], to: 'ACTIVE', label: 'Create plan (ACTIVE)' },
    ...(['CREATED', 'ACTIVE', 'INACTIVE'] as const).map((s) => ({
      trigger: 'update' as const,
      from: [s],
      to: s,
      label: 'Update',
    })),
    { trigger: 'activate', from: ['CREATED', 'INACTIVE'], to: 'ACTIVE', label: 'Activate' },
    { trigger: 'deactivate', from: ['ACTIVE'], to: 'INACTIVE', label: 'Deactivate' },
    ...(['CREATED', 'ACTIVE'] as const).map((s) => ({
      trigger: 'update-pricing' as const,
      from: [s],
      to: s,
      label: 'Change price',
    })),
  ],
  refusals: {
    activate: { issue: 'PLAN_STATUS_INVALID' },
    deactivate: { issue: 'PLAN_STATUS_INVALID' },
    'update-pricing': { issue: 'PLAN_STATUS_INACTIVE' },
  },
});

export type SubscriptionStatus =
  'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export type SubscriptionTrigger =
  | 'create'
  | 'approve'
  | 'start'
  | 'update'
  | 'revise'
  | 'approve-revision'
  | 'suspend'
  | 'activate'
  | 'cancel'
  | 'capture'
  | 'bill'
  | 'charge-setup-fee'
  | 'fail-payment'
  | 'suspend-for-failures'
  | 'cancel-setup-failed'
  | 'expire';

const LIVE: SubscriptionStatus[] = ['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED'];

/**
 * A subscription: APPROVAL_PENDING until the buyer approves on the approval page, APPROVED until its
 * start_time, then ACTIVE and billed cycle by cycle on the simulated clock. The merchant suspends,
 * re-activates and cancels it; failed payments suspend it at the plan's payment_failure_threshold; it
 * EXPIRES after its last cycle. `update`, `revise`, `capture`, `bill` and `fail-payment` keep its state
 * (they are history entries). The triggers after `capture` are the system's own.
 */
export const subscriptionMachine = defineMachine<SubscriptionStatus, SubscriptionTrigger>({
  resource: 'subscription',
  states: {
    APPROVAL_PENDING: 'Created; waiting for the buyer to approve it (follow the approve link).',
    APPROVED: 'Approved by the buyer; becomes ACTIVE at its start_time.',
    ACTIVE: 'Billed each cycle on the simulated clock.',
    SUSPENDED: 'Paused: no cycle is billed until it is activated again.',
    CANCELLED: 'Cancelled: never billed again.',
    EXPIRED: 'Every cycle of its plan was billed.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'APPROVAL_PENDING', label: 'Create subscription' },
    { trigger: 'approve', from: ['APPROVAL_PENDING'], to: 'APPROVED', label: 'Buyer approves' },
    { trigger: 'start', from: ['APPROVED'], to: 'ACTIVE', label: 'Start (start_time reached)' },
    ...LIVE.map((s) => ({ trigger: 'update' as const, from: [s], to: s, label: 'Update' })),
    ...(['APPROVED', 'ACTIVE', 'SUSPENDED'] as const).map((s) => ({
      trigger: 'revise' as const,
      from: [s],
      to: s,
      label: 'Revise plan or quantity',
    })),
    ...(['APPROVED', 'ACTIVE', 'SUSPENDED'] as const).map((s) => ({
      trigger: 'approve-revision' as const,
      from: [s],
      to: s,
      label: 'Buyer approves the revision',
    })),
    { trigger: 'suspend', from: ['ACTIVE'], to: 'SUSPENDED', label: 'Suspend' },
    { trigger: 'activate', from: ['SUSPENDED'], to: 'ACTIVE', label: 'Activate' },
    { trigger: 'cancel', from: ['APPROVED', 'ACTIVE', 'SUSPENDED'], to: 'CANCELLED', label: 'Cancel' },
    ...(['ACTIVE', 'SUSPENDED'] as const).map((s) => ({
      trigger: 'capture' as const,
      from: [s],
      to: s,
      label: 'Capture outstanding balance',
    })),
    { trigger: 'bill', from: ['ACTIVE'], to: 'ACTIVE', label: 'Bill a cycle' },
    ...(['APPROVED', 'ACTIVE'] as const).map((s) => ({
      trigger: 'charge-setup-fee' as const,
      from: [s],
      to: s,
      label: 'Charge the setup fee (v1 agreement executed)',
    })),
    ...(['APPROVED', 'ACTIVE'] as const).map((s) => ({
      trigger: 'fail-payment' as const,
      from: [s],
      to: s,
      label: 'Payment failed',
    })),
    {
      trigger: 'suspend-for-failures',
      from: ['ACTIVE'],
      to: 'SUSPENDED',
      label: 'Suspend (payment failure threshold)',
    },
    {
      trigger: 'cancel-setup-failed',
      from: ['APPROVED'],
      to: 'CANCELLED',
      label: 'Cancel (setup fee failed)',
    },
    { trigger: 'expire', from: ['ACTIVE'], to: 'EXPIRED', label: 'Expire after the last cycle' },
  ],
  refusals: {
    approve: { issue: 'SUBSCRIPTION_STATUS_INVALID' },
    update: { issue: 'SUBSCRIPTION_STATUS_INVALID' },
    revise: { issue: 'SUBSCRIPTION_STATUS_INVALID' },
    'approve-revision': { issue: 'SUBSCRIPTION_STATUS_INVALID' },
    suspend: { issue: 'SUBSCRIPTION_STATUS_INVALID' },
    activate: { issue: 'SUBSCRIPTION_CANNOT_BE_ACTIVATED' },
    cancel: { issue: 'SUBSCRIPTION_STATUS_INVALID' },
    capture: { issue: 'SUBSCRIPTION_STATUS_INVALID' },
  },
});

export type SubscriptionSaleStatus = 'COMPLETED' | 'DECLINED' | 'REFUNDED';
export type SubscriptionSaleTrigger = 'complete' | 'decline' | 'refund';

/**
 * One payment attempt of a subscription (a cycle, its setup fee, a retry or a captured outstanding
 * balance): COMPLETED is a sale in the ledger (T0002), DECLINED a failed attempt (no money moved).
 */
export const subscriptionSaleMachine = defineMachine<SubscriptionSaleStatus, SubscriptionSaleTrigger>({
  resource: 'subscription-sale',
  states: {
    COMPLETED: 'Paid: a sale in the ledger.',
    DECLINED: 'The payment failed; nothing was paid.',
    REFUNDED: 'Paid, then refunded to the buyer.',
  },
  transitions: [
    { trigger: 'complete', from: [], to: 'COMPLETED', label: 'Payment completed' },
    { trigger: 'decline', from: [], to: 'DECLINED', label: 'Payment declined' },
    { trigger: 'refund', from: ['COMPLETED'], to: 'REFUNDED', label: 'Refund' },
  ],
  refusals: { refund: { issue: 'SALE_NOT_REFUNDABLE' } },
});
