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
  useEffect(
    () =>
      bridge.onEvent((event) => {
        switch (event.type) {
          case 'request-logged':
            void queryClient.invalidateQueries({ queryKey: ['request-log'] });
            break;
          case 'resource-changed':
            void queryClient.invalidateQueries({ queryKey: ['resources'] });
            void queryClient.invalidateQueries({ queryKey: ['resource'] });
            notify(`${event.payload.kind} ${event.payload.id} is ${event.payload.status} (${event.payload.trigger})`, 'info');
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
      }),
    [queryClient, notify],
  );
}
