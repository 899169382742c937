import { subscriptionMachine as machine } from '../../../../shared/api/subscriptions/index.js';
import { isoSeconds } from '../../../clock.js';
import type { GroupDeps } from '../../group-deps.js';
import { transition } from '../../transition.js';
import type { PaymentOutcome } from './payer-funding.js';
import type { StoredPlan, StoredSubscription } from './types.js';

/**
 * What charging a setup fee needs of the billing engine: one payment taken and recorded as a sale, the
 * stop of a subscription whose fee failed, and the engine's bookkeeping of status time and balance.
 */
export interface SetupFeePort {
  paySetupFee(
    subscription: StoredSubscription,
    plan: StoredPlan,
    feeMinor: bigint,
    atMs: number,
  ): PaymentOutcome;
  stop(subscription: StoredSubscription): void;
  setStatusTime(subscription: StoredSubscription, atMs: number, note?: string): void;
  syncOutstanding(subscription: StoredSubscription): void;
}

export type SetupFeeResult = 'paid' | 'owed' | 'cancelled';

/**
 * A subscription's setup fee: charged as it starts (a plan's fee), or when a v1 agreement is executed
 * (the fee the agreement carries). On failure CANCEL cancels a subscription that has not started, and
 * otherwise (CONTINUE) the fee joins the outstanding balance.
 */
export class SetupFee {
  constructor(
    private readonly deps: GroupDeps,
    private readonly engine: SetupFeePort,
  ) {}

  /**
   * A v1 agreement was executed by its merchant: its setup fee is charged now, once (the agreement
   * machine allows one execute), as the platform charges it when the agreement is executed.
   */
  chargeOnExecute(subscription: StoredSubscription, plan: () => StoredPlan, nowMs: number): void {
    const legacy = subscription.internal.legacy;
    const feeMinor = BigInt(legacy?.setup_fee_minor ?? '0');
    // A subscription cancelled or suspended before the execute owes no fee.
    if (feeMinor <= 0n || (subscription.status !== 'APPROVED' && subscription.status !== 'ACTIVE')) return;
    const failureAction = legacy?.setup_fee_failure_action ?? 'CONTINUE';
    if (this.charge(subscription, plan(), feeMinor, failureAction, nowMs) === 'paid')
      transition(this.deps, machine, subscription, 'charge-setup-fee', { at: isoSeconds(nowMs) });
  }

  /** Whether a v1 agreement's fee was (or will be) charged on its execute, rather than as it starts. */
  chargedOnExecute(subscription: StoredSubscription): boolean {
    return subscription.internal.legacy?.setup_fee_minor !== undefined;
  }

  /**
   * Charges a setup fee. A paid fee is not yet saved: the caller's next transition saves the
   * subscription.
   */
  charge(
    subscription: StoredSubscription,
    plan: StoredPlan,
    feeMinor: bigint,
    failureAction: string | undefined,
    atMs: number,
  ): SetupFeeResult {
    const outcome = this.engine.paySetupFee(subscription, plan, feeMinor, atMs);
    if (outcome.ok) return 'paid';
    if (failureAction === 'CANCEL' && subscription.status === 'APPROVED') {
      this.engine.stop(subscription);
      this.engine.setStatusTime(subscription, atMs, 'The setup fee payment failed.');
      transition(this.deps, machine, subscription, 'cancel-setup-failed', { at: isoSeconds(atMs) });
      return 'cancelled';
    }
    // CONTINUE: the fee joins the outstanding balance and the subscription starts.
    subscription.internal.outstanding_minor = String(
      BigInt(subscription.internal.outstanding_minor) + feeMinor,
    );
    this.engine.syncOutstanding(subscription);
    transition(this.deps, machine, subscription, 'fail-payment', { at: isoSeconds(atMs), note: 'setup fee' });
    return 'owed';
  }
}
