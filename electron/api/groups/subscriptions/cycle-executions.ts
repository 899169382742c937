import { addInterval } from './billing-calendar.js';
import type { StoredPlan, StoredSubscription } from './types.js';

/*
 * Cycle arithmetic a subscription's billing_info is built from: what its cycles look like before any is
 * billed, and when the last one will be. The service (create, show) and the billing engine both use it.
 */

/** The executions of a plan's cycles before any is billed. */
export function initialExecutions(plan: StoredPlan) {
  return plan.body.billing_cycles.map((cycle) => ({
    tenure_type: cycle.tenure_type,
    sequence: cycle.sequence,
    cycles_completed: 0,
    ...(cycle.total_cycles > 0 ? { cycles_remaining: cycle.total_cycles } : {}),
    ...(cycle.pricing_scheme ? { current_pricing_scheme_version: cycle.pricing_scheme.version } : {}),
    total_cycles: cycle.total_cycles,
  }));
}

/**
 * When the last cycle of a subscription will be billed, from where it stands (its tenure, that tenure's
 * anchor and billed count); undefined when its regular cycle is infinite.
 */
export function finalPaymentMs(plan: StoredPlan, subscription: StoredSubscription): number | undefined {
  const cycles = plan.body.billing_cycles;
  if (cycles.some((c) => c.total_cycles === 0)) return undefined;
  let anchor = subscription.internal.tenure_anchor_ms;
  let last: number | undefined;
  for (let index = subscription.internal.tenure_index; index < cycles.length; index++) {
    const cycle = cycles[index];
    if (!cycle) break;
    const unit = cycle.frequency.interval_unit;
    const count = cycle.frequency.interval_count;
    if (cycle.total_cycles > 0) last = addInterval(anchor, unit, count * (cycle.total_cycles - 1));
    anchor = addInterval(anchor, unit, count * cycle.total_cycles);
  }
  return last;
}
