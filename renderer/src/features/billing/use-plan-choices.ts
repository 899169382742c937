import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { listPlans, type Plan } from './billing-api';

/** The most plan pages a picker reads (20 each). */
const PICKER_PAGES = 5;

/**
 * Plans for a picker, of one product or of all: the first pages of the plan list (entries with id,
 * name and status). `activeOnly` keeps the plans a subscription can be made on, or revised to.
 */
export function usePlanChoices({
  productId,
  activeOnly,
}: {
  productId?: string | undefined;
  activeOnly: boolean;
}) {
  return useQuery({
    queryKey: queryKeys.billing.planChoices(productId ?? '', activeOnly),
    queryFn: async () => {
      const plans: Plan[] = [];
      for (let page = 1; page <= PICKER_PAGES; page++) {
        const list = await listPlans(page, productId);
        plans.push(...(list.plans ?? []).filter((p) => !activeOnly || p.status === 'ACTIVE'));
        if (page >= (list.total_pages ?? 1)) break;
      }
      return plans;
    },
  });
}
