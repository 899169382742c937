import { cycleCharge, subscriptionMachine as machine } from '../../../../shared/api/subscriptions/index.js';
import { money, toMinor } from '../../../../shared/money.js';
import { DAY, isoSeconds } from '../../../clock.js';
import type { JobHandler, JobRun } from '../../../scheduler.js';
import type { GroupDeps } from '../../group-deps.js';
import { transition } from '../../transition.js';
import { takePayment } from './payer-funding.js';
import type { PlansService } from './plan-service.js';
import { addInterval } from './billing-calendar.js';
import { finalPaymentMs, initialExecutions } from './cycle-executions.js';
import { recordSale } from './sales.js';
import { SetupFee } from './setup-fee.js';
import type { SalePurpose, StoredPlan, StoredSubscription } from './types.js';

export const START_JOB = 'subscriptions.start';
export const CYCLE_JOB = 'subscriptions.cycle';
export const RETRY_JOB = 'subscriptions.retry';

/** The platform retries a failed payment twice, five days apart (before the next cycle is due). */
export const RETRY_INTERVAL_MS = 5 * DAY;
export const MAX_RETRIES = 2;

const startKey = (id: string) => `subscription-start:${id}`;
const cycleKey = (id: string) => `subscription-cycle:${id}`;
const retryKey = (id: string) => `subscription-retry:${id}`;

interface CyclePayload {
  id: string;
  /** `cycles_billed` when the job was scheduled: the job runs only if no cycle ran since. */
  cycle: number;
}
interface RetryPayload extends CyclePayload {
  attempt: number;
}

/**
 * The billing engine on the simulated clock. Each subscription has at most one pending job of each kind
 * (a unique key per subscription): its start at start_time, its next cycle at next_billing_time, and the
 * retry of a failed payment. A job names the cycle count it was scheduled for and does nothing once the
 * subscription moved on, so each cycle is billed exactly once and in order, whatever restarts or clock
 * jumps happen in between (jobs are rows of the database, committed with the cycle they follow).
 */
export class BillingEngine {
  constructor(
    private readonly deps: GroupDeps,
    private readonly plans: PlansService,
  ) {
    // The setup fee's charging, handed the engine's own payment and bookkeeping.
    this.setupFee = new SetupFee(deps, {
      paySetupFee: (subscription, plan, feeMinor, atMs) =>
        this.pay(subscription, plan, 'SETUP_FEE', { gross: feeMinor, tax: 0n, shipping: 0n }, atMs).outcome,
      stop: (subscription) => this.stop(subscription),
      setStatusTime: (subscription, atMs, note) => this.setStatusTime(subscription, atMs, note),
      syncOutstanding: (subscription) => this.syncOutstanding(subscription),
    });
  }

  private readonly setupFee: SetupFee;

  jobs(): Record<string, JobHandler> {
    return {
      [START_JOB]: (payload, run) => this.onStart(payload as { id: string }, run),
      [CYCLE_JOB]: (payload, run) => this.onCycle(payload as CyclePayload, run),
      [RETRY_JOB]: (payload, run) => this.onRetry(payload as RetryPayload, run),
    };
  }

  /** After the buyer approved: start now (start_time has passed) or schedule the start. */
  approved(subscription: StoredSubscription, nowMs: number): void {
    if (subscription.internal.start_ms <= nowMs) this.start(subscription, nowMs);
    else
      this.deps.scheduler.schedule(
        START_JOB,
        subscription.internal.start_ms,
        { id: subscription.id },
        startKey(subscription.id),
      );
  }

  /** Re-activated after a suspension: the next cycle is billed at its time, or now if that has passed. */
  resumed(subscription: StoredSubscription, nowMs: number): void {
    const next = Math.max(subscription.internal.next_billing_ms ?? nowMs, nowMs);
    this.scheduleCycle(subscription, next);
  }

  /** Cancelled, suspended or expired: nothing more is due. */
  stop(subscription: StoredSubscription): void {
    // Nothing is billed until it is re-activated (`resumed` shows the time again).
    delete subscription.body.billing_info?.next_billing_time;
    this.deps.scheduler.cancel(startKey(subscription.id));
    this.deps.scheduler.cancel(cycleKey(subscription.id));
    this.deps.scheduler.cancel(retryKey(subscription.id));
    delete subscription.internal.retry;
  }

  /** Collects `amount` of the outstanding balance now (the capture call); returns the sale. */
  captureOutstanding(subscription: StoredSubscription, amount: bigint, nowMs: number) {
    const plan = this.planOf(subscription);
    const ok = this.pay(
      subscription,
      plan,
      'OUTSTANDING_BALANCE',
      { gross: amount, tax: 0n, shipping: 0n },
      nowMs,
    );
    if (ok.outcome.ok) {
      subscription.internal.outstanding_minor = String(
        BigInt(subscription.internal.outstanding_minor) - amount,
      );
      this.syncOutstanding(subscription);
    }
    transition(this.deps, machine, subscription, 'capture', {
      at: isoSeconds(nowMs),
      note: ok.outcome.ok ? `captured ${ok.sale.id}` : 'capture declined',
    });
    return ok.sale;
  }

  // ---- jobs ---------------------------------------------------------------------------------------

  private load(id: string): StoredSubscription | undefined {
    return this.deps.store.resources.get<StoredSubscription['body'], StoredSubscription['internal']>(
      'subscription',
      id,
    );
  }

  private onStart(payload: { id: string }, run: JobRun): void {
    const subscription = this.load(payload.id);
    if (subscription?.status === 'APPROVED') this.start(subscription, run.dueAt);
  }

  private onCycle(payload: CyclePayload, run: JobRun): void {
    const subscription = this.load(payload.id);
    if (!subscription || subscription.status !== 'ACTIVE') return;
    if (payload.cycle !== subscription.internal.cycles_billed) return;
    this.billCycle(subscription, run.dueAt);
  }

  private onRetry(payload: RetryPayload, run: JobRun): void {
    const subscription = this.load(payload.id);
    const retry = subscription?.internal.retry;
    if (!subscription || subscription.status !== 'ACTIVE' || !retry) return;
    if (retry.cycle !== payload.cycle || retry.attempts !== payload.attempt) return;
    const outstanding = BigInt(subscription.internal.outstanding_minor);
    const wanted = BigInt(retry.amount_minor);
    const amount = wanted < outstanding ? wanted : outstanding;
    if (amount <= 0n) {
      delete subscription.internal.retry;
      return;
    }
    const plan = this.planOf(subscription);
    retry.attempts += 1;
    const { outcome } = this.pay(
      subscription,
      plan,
      'RETRY',
      { gross: amount, tax: 0n, shipping: 0n },
      run.dueAt,
    );
    if (outcome.ok) {
      subscription.internal.outstanding_minor = String(outstanding - amount);
      delete subscription.internal.retry;
    }
    this.afterAttempt(subscription, plan, outcome.ok, run.dueAt, 'retry');
  }

  // ---- the cycle ----------------------------------------------------------------------------------

  /** A v1 agreement was executed by its merchant: its setup fee is charged now (see `SetupFee`). */
  legacyExecuted(subscription: StoredSubscription, nowMs: number): void {
    this.setupFee.chargeOnExecute(subscription, () => this.planOf(subscription), nowMs);
  }

  private start(subscription: StoredSubscription, atMs: number): void {
    const plan = this.planOf(subscription);
    const fee = plan.body.payment_preferences.setup_fee;
    // A v1 agreement's fee was charged when it was executed (see `legacyExecuted`).
    const feeMinor =
      fee && !this.setupFee.chargedOnExecute(subscription) ? toMinor(fee.value, fee.currency_code) : 0n;
    subscription.internal.tenure_anchor_ms = atMs;
    const failureAction = plan.body.payment_preferences.setup_fee_failure_action;
    if (
      feeMinor > 0n &&
      this.setupFee.charge(subscription, plan, feeMinor, failureAction, atMs) === 'cancelled'
    )
      return;
    this.setStatusTime(subscription, atMs);
    transition(this.deps, machine, subscription, 'start', { at: isoSeconds(atMs) });
    // The first cycle is billed as the subscription starts; each later one is a job of its own.
    this.billCycle(subscription, atMs);
  }

  private billCycle(subscription: StoredSubscription, dueMs: number): void {
    this.applyRevision(subscription);
    const plan = this.planOf(subscription);
    const internal = subscription.internal;
    const info = this.billingInfo(subscription);
    const cycles = plan.body.billing_cycles;
    // Past the tenures whose cycles are all billed: the next tenure starts where the last one ended.
    let index = internal.tenure_index;
    while (index < cycles.length) {
      const total = cycles[index]?.total_cycles ?? 0;
      const done = info.cycle_executions[index]?.cycles_completed ?? 0;
      if (total === 0 || done < total) break;
      index += 1;
      internal.tenure_anchor_ms = dueMs;
    }
    internal.tenure_index = index;
    const cycle = cycles[index];
    const execution = info.cycle_executions[index];
    if (!cycle || !execution) {
      this.expire(subscription, dueMs);
      return;
    }
    const price = cycle.pricing_scheme?.fixed_price;
    const priceMinor = price ? toMinor(price.value, price.currency_code) : 0n;
    const shipping =
      priceMinor > 0n && subscription.body.shipping_amount
        ? toMinor(subscription.body.shipping_amount.value, subscription.body.shipping_amount.currency_code)
        : 0n;
    const rated = cycleCharge(priceMinor, BigInt(subscription.body.quantity), plan.body.taxes, shipping);
    // A v1 agreement's charge models are amounts, added to each cycle of their definition.
    const legacy = internal.legacy?.charges[String(cycle.sequence)];
    const legacyTax = legacy ? BigInt(legacy.tax_minor) : 0n;
    const legacyShipping = legacy ? BigInt(legacy.shipping_minor) : 0n;
    const charge = {
      tax: rated.tax + legacyTax,
      shipping: rated.shipping + legacyShipping,
      gross: rated.gross + legacyTax + legacyShipping,
    };
    const outstanding = BigInt(internal.outstanding_minor);
    const autoBill = plan.body.payment_preferences.auto_bill_outstanding;
    const amount = charge.gross + (autoBill ? outstanding : 0n);

    execution.cycles_completed += 1;
    if (cycle.total_cycles > 0) execution.cycles_remaining = cycle.total_cycles - execution.cycles_completed;
    if (cycle.pricing_scheme) execution.current_pricing_scheme_version = cycle.pricing_scheme.version;
    internal.cycles_billed += 1;
    const next = addInterval(
      internal.tenure_anchor_ms,
      cycle.frequency.interval_unit,
      cycle.frequency.interval_count * execution.cycles_completed,
    );
    internal.next_billing_ms = next;
    // A new cycle supersedes the retries of the previous one (its amount is in the outstanding balance).
    if (internal.retry) {
      this.deps.scheduler.cancel(retryKey(subscription.id));
      delete internal.retry;
    }

    let ok = true;
    if (amount > 0n) {
      const paid = this.pay(
        subscription,
        plan,
        'CYCLE',
        { gross: amount, tax: charge.tax, shipping: charge.shipping },
        dueMs,
      );
      ok = paid.outcome.ok;
      if (ok) {
        if (autoBill) internal.outstanding_minor = '0';
      } else {
        internal.outstanding_minor = String(outstanding + charge.gross);
        internal.retry = { cycle: internal.cycles_billed, attempts: 0, amount_minor: String(amount) };
      }
    }
    this.syncOutstanding(subscription);
    const remaining = this.hasCyclesAfter(plan, subscription);
    if (remaining) info.next_billing_time = isoSeconds(next);
    else delete info.next_billing_time;
    this.projectFinalPayment(subscription, plan);
    this.deps.scheduler.schedule(
      CYCLE_JOB,
      next,
      { id: subscription.id, cycle: internal.cycles_billed },
      cycleKey(subscription.id),
    );
    // Counted as the billing timeline and cycle_executions count: per tenure, "regular cycle 3 of 12".
    const cycleName = `${cycle.tenure_type.toLowerCase()} cycle ${execution.cycles_completed}${cycle.total_cycles > 0 ? ` of ${cycle.total_cycles}` : ''}`;
    if (ok) {
      transition(this.deps, machine, subscription, 'bill', { at: isoSeconds(dueMs), note: cycleName });
      return;
    }
    this.afterAttempt(subscription, plan, false, dueMs, cycleName);
  }

  /**
   * After a failed attempt (a cycle or a retry): the failure is recorded, a retry is scheduled five days
   * later while retries remain and before the next cycle, and the subscription is suspended once its
   * consecutive failures reach the plan's payment_failure_threshold (0: never).
   */
  private afterAttempt(
    subscription: StoredSubscription,
    plan: StoredPlan,
    ok: boolean,
    atMs: number,
    note: string,
  ): void {
    const at = isoSeconds(atMs);
    this.syncOutstanding(subscription);
    if (ok) {
      transition(this.deps, machine, subscription, 'bill', { at, note: `${note} paid` });
      return;
    }
    const internal = subscription.internal;
    const info = this.billingInfo(subscription);
    const threshold = plan.body.payment_preferences.payment_failure_threshold;
    const suspend = threshold > 0 && info.failed_payments_count >= threshold;
    const retry = internal.retry;
    const retryAt = atMs + RETRY_INTERVAL_MS;
    if (
      !suspend &&
      retry &&
      retry.attempts < MAX_RETRIES &&
      retryAt < (internal.next_billing_ms ?? Infinity)
    ) {
      this.deps.scheduler.schedule(
        RETRY_JOB,
        retryAt,
        { id: subscription.id, cycle: retry.cycle, attempt: retry.attempts },
        retryKey(subscription.id),
      );
      if (info.last_failed_payment) info.last_failed_payment.next_payment_retry_time = isoSeconds(retryAt);
    } else {
      delete internal.retry;
    }
    transition(this.deps, machine, subscription, 'fail-payment', { at, note: `${note} failed` });
    if (suspend) {
      this.stop(subscription);
      this.setStatusTime(
        subscription,
        atMs,
        `Suspended after ${info.failed_payments_count} failed payment${info.failed_payments_count === 1 ? '' : 's'}.`,
      );
      transition(this.deps, machine, subscription, 'suspend-for-failures', { at });
    }
  }

  private expire(subscription: StoredSubscription, atMs: number): void {
    this.stop(subscription);
    delete this.billingInfo(subscription).next_billing_time;
    delete subscription.internal.next_billing_ms;
    this.setStatusTime(subscription, atMs);
    transition(this.deps, machine, subscription, 'expire', { at: isoSeconds(atMs) });
  }

  /** Takes one payment and records it as a sale; updates last payment or last failure. */
  private pay(
    subscription: StoredSubscription,
    plan: StoredPlan,
    purpose: SalePurpose,
    amounts: { gross: bigint; tax: bigint; shipping: bigint },
    atMs: number,
  ) {
    const outcome = takePayment(this.deps, subscription, amounts.gross);
    const sale = recordSale(this.deps, subscription, purpose, amounts, outcome, atMs, plan.body.name);
    const info = this.billingInfo(subscription);
    const amount = money(amounts.gross, subscription.internal.currency);
    if (outcome.ok) {
      info.last_payment = { amount, time: isoSeconds(atMs) };
      info.failed_payments_count = 0;
    } else {
      info.failed_payments_count += 1;
      info.last_failed_payment = { amount, time: isoSeconds(atMs), reason_code: outcome.reason };
    }
    return { outcome, sale };
  }

  // ---- helpers ------------------------------------------------------------------------------------

  private scheduleCycle(subscription: StoredSubscription, atMs: number): void {
    subscription.internal.next_billing_ms = atMs;
    this.billingInfo(subscription).next_billing_time = isoSeconds(atMs);
    this.deps.scheduler.schedule(
      CYCLE_JOB,
      atMs,
      { id: subscription.id, cycle: subscription.internal.cycles_billed },
      cycleKey(subscription.id),
    );
  }

  /** A revision takes effect at the cycle after it was asked (and approved, for a price rise). */
  private applyRevision(subscription: StoredSubscription): void {
    const revision = subscription.internal.pending_revision;
    if (!revision || (revision.needs_approval && !revision.approved)) return;
    delete subscription.internal.pending_revision;
    subscription.body.quantity = revision.quantity;
    if (revision.shipping_amount) subscription.body.shipping_amount = revision.shipping_amount;
    if (revision.plan_id === subscription.body.plan_id) return;
    // A new plan: its cycles replace the old ones; the subscriber goes straight to its regular cycle.
    const plan = this.plans.find(revision.plan_id);
    if (!plan) return;
    subscription.body.plan_id = plan.id;
    const info = this.billingInfo(subscription);
    info.cycle_executions = initialExecutions(plan);
    const regular = plan.body.billing_cycles.findIndex((c) => c.tenure_type === 'REGULAR');
    subscription.internal.tenure_index = regular;
    subscription.internal.tenure_anchor_ms =
      subscription.internal.next_billing_ms ?? subscription.internal.tenure_anchor_ms;
  }

  private hasCyclesAfter(plan: StoredPlan, subscription: StoredSubscription): boolean {
    const info = this.billingInfo(subscription);
    return plan.body.billing_cycles.some((cycle, index) => {
      if (index < subscription.internal.tenure_index) return false;
      return (
        cycle.total_cycles === 0 || (info.cycle_executions[index]?.cycles_completed ?? 0) < cycle.total_cycles
      );
    });
  }

  /** final_payment_time: when the last cycle will be billed (none for an infinite regular cycle). */
  private projectFinalPayment(subscription: StoredSubscription, plan: StoredPlan): void {
    const info = this.billingInfo(subscription);
    const final = finalPaymentMs(plan, subscription);
    if (final === undefined) delete info.final_payment_time;
    else info.final_payment_time = isoSeconds(final);
  }

  private syncOutstanding(subscription: StoredSubscription): void {
    this.billingInfo(subscription).outstanding_balance = money(
      BigInt(subscription.internal.outstanding_minor),
      subscription.internal.currency,
    );
  }

  private setStatusTime(subscription: StoredSubscription, atMs: number, note?: string): void {
    subscription.body.status_update_time = isoSeconds(atMs);
    if (note) subscription.body.status_change_note = note;
  }

  private billingInfo(subscription: StoredSubscription) {
    const info = subscription.body.billing_info;
    if (!info) throw new Error(`subscription ${subscription.id} has no billing_info`);
    return info;
  }

  private planOf(subscription: StoredSubscription): StoredPlan {
    const plan = this.plans.find(subscription.body.plan_id);
    if (!plan) throw new Error(`subscription ${subscription.id}: plan ${subscription.body.plan_id} is gone`);
    return plan;
  }
}
