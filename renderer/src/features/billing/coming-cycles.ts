import {
  orderedCycles,
  projectSchedule,
  type ProjectedCycle,
  type SchedulePlan,
} from '../../../../shared/billing/schedule';
import type { Plan, Subscription } from './billing-api';

/**
 * The cycles a subscription has still to pay, on the simulated clock: what its plan has left after the
 * cycles already billed (`billing_info.cycle_executions`), from its `next_billing_time`, at the plan's
 * current prices (a new pricing version applies from the next cycle) and the subscription's quantity.
 * The API's next billing time is the truth for the first; the rest follow the schedule from there.
 */
export function comingCycles(subscription: Subscription, plan: Plan, limit: number): ProjectedCycle[] {
  const next = subscription.billing_info?.next_billing_time;
  if (!next || !['ACTIVE', 'APPROVED', 'SUSPENDED'].includes(subscription.status)) return [];
  const executions = subscription.billing_info?.cycle_executions ?? [];
  const remaining: SchedulePlan['billing_cycles'] = orderedCycles(plan).flatMap((cycle) => {
    const execution = executions.find((e) => e.sequence === cycle.sequence);
    const completed = execution?.cycles_completed ?? 0;
    if (cycle.total_cycles === 0) return [{ ...cycle }];
    const left = cycle.total_cycles - completed;
    return left > 0 ? [{ ...cycle, total_cycles: left }] : [];
  });
  const completedBefore = executions.reduce((sum, e) => sum + e.cycles_completed, 0);
  const quantity = Number(subscription.quantity ?? '1');
  try {
    const projection = projectSchedule(
      { billing_cycles: remaining, taxes: plan.taxes },
      { start: next, limit, quantity: Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1 },
    );
    // Number them as the subscription counts them: cycle 3 of 12 stays 3 of 12.
    return projection.cycles.map((cycle) => {
      const original = plan.billing_cycles.find((c) => c.sequence === cycle.sequence);
      const done = executions.find((e) => e.sequence === cycle.sequence)?.cycles_completed ?? 0;
      return {
        ...cycle,
        index: completedBefore + cycle.index,
        cycle: done + cycle.cycle,
        total_cycles: original?.total_cycles ?? cycle.total_cycles,
      };
    });
  } catch {
    return [];
  }
}
