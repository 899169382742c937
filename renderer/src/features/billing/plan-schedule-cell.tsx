import type { Plan } from './billing-api';
import { describeSchedule } from '../../../../shared/billing/schedule';
import { PLAN_KIND } from './billing-kinds';
import { useResourceDetail } from '../../api/use-resource-detail';

/**
 * A plan's schedule in words for a list row. List entries carry no billing cycles (spec 2.10), so the
 * row reads the plan from the host (a local read, not an API call in the request log).
 */
export function PlanScheduleCell({ planId }: { planId: string }) {
  const plan = useResourceDetail(PLAN_KIND, planId);
  const resource = plan.data?.resource as Plan | undefined;
  if (plan.isLoading) return <>…</>;
  return <>{resource?.billing_cycles ? describeSchedule(resource).text : '—'}</>;
}
