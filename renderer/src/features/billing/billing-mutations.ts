import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import {
  activatePlan,
  advanceToNextBilling,
  captureOutstanding,
  deactivatePlan,
  failNextPayment,
  moveSubscription,
  reviseSubscription,
  type SubscriptionMove,
} from './billing-api';
import type { Money } from '../../../../shared/money';

/**
 * The billing pages' writes. Each refreshes the resource views at once, without waiting for the host's
 * change event; a clock move refreshes everything (every view may have a job that ran).
 */

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
  };
}

export function usePlanMove(id: string) {
  const refresh = useRefresh();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: (move: 'activate' | 'deactivate') =>
      move === 'activate' ? activatePlan(id) : deactivatePlan(id),
    onSuccess: (_response, move) => {
      notify(`Plan ${id} ${move === 'activate' ? 'activated' : 'deactivated'}`, 'success');
      refresh();
    },
    onError: refresh,
  });
}

export function useSubscriptionMove(id: string) {
  const refresh = useRefresh();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: ({ move, reason }: { move: SubscriptionMove; reason: string }) =>
      moveSubscription(id, move, reason),
    onSuccess: (_response, { move }) => {
      const done = { activate: 'activated', suspend: 'suspended', cancel: 'cancelled' }[move];
      notify(`Subscription ${id} ${done}`, 'success');
      refresh();
    },
    onError: refresh,
  });
}

export function useRevise(id: string) {
  const refresh = useRefresh();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: (request: { plan_id?: string; quantity?: string }) => reviseSubscription(id, request),
    onSuccess: (answer) => {
      const approval = answer.links?.some((l) => l.rel === 'approve');
      notify(
        approval
          ? `Subscription ${id} revised: the buyer must approve the new price (approve link)`
          : `Subscription ${id} revised`,
        'success',
      );
      refresh();
    },
  });
}

export function useCaptureOutstanding(id: string) {
  const refresh = useRefresh();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: ({ amount, note }: { amount: Money; note: string }) => captureOutstanding(id, amount, note),
    onSuccess: (response) => {
      const status = (response.body as { status?: string } | undefined)?.status;
      notify(
        `Outstanding balance of ${id} captured${status ? `: ${status}` : ''}`,
        status === 'DECLINED' ? 'warning' : 'success',
      );
      refresh();
    },
    onError: refresh,
  });
}

/** Moves the simulated clock to the subscription's next billing time; the cycle runs on the way. */
export function useAdvanceToNextBilling(id: string) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: () => advanceToNextBilling(id),
    onSuccess: (body) => {
      notify(
        `Clock at ${body.now ?? 'the next billing time'}${body.jobs_run !== undefined ? `; ${body.jobs_run} job${body.jobs_run === 1 ? '' : 's'} ran` : ''}`,
        'success',
      );
      void queryClient.invalidateQueries();
    },
  });
}

export function useFailNextPayment(id: string) {
  const refresh = useRefresh();
  const notify = useUi((s) => s.notify);
  return useMutation({
    mutationFn: (count: number) => failNextPayment(id, count),
    onSuccess: (_response, count) => {
      notify(
        `The next ${count === 1 ? 'payment attempt' : `${count} payment attempts`} of ${id} will fail`,
        'info',
      );
      refresh();
    },
  });
}
