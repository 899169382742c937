import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { advanceClock, cancelPayoutItem, UNCLAIMED_RETURN_SECONDS } from './payouts-api';

/** The payout pages' writes; each refreshes the resource views at once, before the host's event. */

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all });
  };
}

/** Cancels an UNCLAIMED item: it goes back to the sender (RETURNED). */
export function useCancelItem() {
  const refresh = useRefresh();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: (id: string) => cancelPayoutItem(id),
    onSuccess: (response, id) => {
      const status = (response.body as { transaction_status?: string } | undefined)?.transaction_status;
      notify(`Payout item ${id} cancelled${status ? `: ${status}` : ''}`, 'success');
      refresh();
    },
    onError: refresh,
  });
}

/** Advances the simulated clock 30 days: the unclaimed items fall due and return to the sender. */
export function useAdvanceThirtyDays() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: () => advanceClock(UNCLAIMED_RETURN_SECONDS),
    onSuccess: (response) => {
      const body = response.body as { now?: string; jobs_run?: number } | undefined;
      notify(
        `Clock at ${body?.now ?? 'now + 30 days'}; ${body?.jobs_run ?? 0} job${body?.jobs_run === 1 ? '' : 's'} ran`,
        'success',
      );
      void queryClient.invalidateQueries();
    },
  });
}
