import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import { bridge, onEventsResumed } from '../bridge';
import { useUi } from './ui-store';

/**
 * A burst of host events (an SDK, a load test, a delivery drain) refreshes a view at most every 300 ms,
 * not once per event: each refresh is an API call of its own.
 */
const BURST_MS = 300;

/** Runs `refresh` once per burst of calls; `cancel` drops a pending run. */
function coalesced(refresh: () => void): { request: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request: () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        refresh();
      }, BURST_MS);
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Keeps react-query in step with the host: every host event invalidates the queries it affects, and
 * resource changes raise a notification.
 */
export function useHostEvents(): void {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  useEffect(() => {
    const invalidate = (...keys: (readonly unknown[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const logRefresh = coalesced(() => invalidate(queryKeys.requestLog.all));
    // The outbox views (event list, an event, its deliveries); subscriptions and the catalog stay put.
    const outboxRefresh = coalesced(() =>
      invalidate(
        queryKeys.webhooks.eventLists,
        queryKeys.webhooks.eventDetails,
        queryKeys.webhooks.deliveryLists,
      ),
    );
    const unsubscribe = bridge.onEvent((event) => {
      switch (event.type) {
        case 'request-logged':
          logRefresh.request();
          break;
        case 'resource-changed':
          invalidate(queryKeys.resources.all, queryKeys.resource.all);
          notify(
            `${event.payload.kind} ${event.payload.id} is ${event.payload.status} (${event.payload.trigger})`,
            'info',
          );
          break;
        case 'clock-moved':
          invalidate(queryKeys.info, queryKeys.resource.all);
          break;
        case 'webhook-received':
          invalidate(queryKeys.webhooks.all);
          notify(`Webhook ${event.payload.event_type} received`, 'success');
          break;
        case 'webhook-outbox-changed':
          outboxRefresh.request();
          break;
      }
    });
    // After a break in the event stream (the host drops a tab that stops reading) anything may have
    // changed: refetch everything shown.
    const offResumed = onEventsResumed(() => void queryClient.invalidateQueries());
    return () => {
      unsubscribe();
      offResumed();
      logRefresh.cancel();
      outboxRefresh.cancel();
    };
  }, [queryClient, notify]);
}
