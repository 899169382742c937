import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge';
import { useUi } from './ui-store';

/**
 * Keeps react-query in step with the host: every host event invalidates the queries it affects, and
 * resource changes raise a notification.
 */
export function useHostEvents(): void {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  useEffect(() => {
    // A burst of requests (an SDK, a load test) refreshes the log at most every 300 ms, not once per request.
    let logRefresh: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = bridge.onEvent((event) => {
      switch (event.type) {
        case 'request-logged':
          logRefresh ??= setTimeout(() => {
            logRefresh = undefined;
            void queryClient.invalidateQueries({ queryKey: ['request-log'] });
          }, 300);
          break;
        case 'resource-changed':
          void queryClient.invalidateQueries({ queryKey: ['resources'] });
          void queryClient.invalidateQueries({ queryKey: ['resource'] });
          notify(
            `${event.payload.kind} ${event.payload.id} is ${event.payload.status} (${event.payload.trigger})`,
            'info',
          );
          break;
        case 'clock-moved':
          void queryClient.invalidateQueries({ queryKey: ['info'] });
          void queryClient.invalidateQueries({ queryKey: ['resource'] });
          break;
        case 'webhook-received':
          void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
          notify(`Webhook ${event.payload.event_type} received`, 'success');
          break;
      }
    });
    return () => {
      unsubscribe();
      if (logRefresh) clearTimeout(logRefresh);
    };
  }, [queryClient, notify]);
}
