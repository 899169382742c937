import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import { LEFT_OUT_EVENT } from '../../../shared/bridge-methods';
import { bridge, onEventsResumed } from '../bridge';
import { burstNotice, type BurstTiming } from './burst-notice';
import { pacedRefresh, type RefreshPace } from './paced-refresh';
import { ResourceChangeBurst } from './resource-change-burst';
import { WebhookReceivedBurst } from './webhook-received-burst';
import { NOTICE_SHOWN_MS, useUi } from './ui-store';

/**
 * A burst of host events (an SDK, a load test, a delivery drain) refreshes a view 300 ms after its first
 * event, not once per event (each refresh is an API call of its own), then at most every 750 ms while
 * it lasts, never while the last read is still in flight: a list stays within about a second of the
 * host, and each tab open through a burst of 2,000 orders reads and draws it less than half as often
 * as every 300 ms (see paced-refresh.ts).
 */
const BURST_MS = 300;
const REFRESH_PACE: RefreshPace = { settleMs: BURST_MS, intervalMs: 750, patienceMs: 10_000 };

/**
 * A burst's notice is shown at its first pause and told its new total at each later one; the burst
 * goes on while its notice is up. A load test's events reach a tab with pauses of a second or more
 * between flushes on a busy machine (the host's writes, its pacing, the tab's own work), and a
 * delivery drain of 15,000 payout webhooks trickles for minutes: each is one notice, growing.
 */
const NOTICE_TIMING: BurstTiming = { settleMs: BURST_MS, quietMs: NOTICE_SHOWN_MS };

/**
 * Keeps react-query in step with the host: host events invalidate the queries they affect, and resource
 * changes raise a notification. Every kind of event is handled once per burst: a refresh of what is on
 * screen and one notification that sums the burst up, whatever the number of events in it.
 */
export function useHostEvents(): void {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  useEffect(() => {
    const invalidate = (...keys: (readonly unknown[])[]) =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    const coalesced = (refresh: () => Promise<unknown>) => pacedRefresh(refresh, REFRESH_PACE);
    const logRefresh = coalesced(() => invalidate(queryKeys.requestLog.all));
    // The outbox views (event list, an event, its deliveries); subscriptions and the catalog stay put.
    const outboxRefresh = coalesced(() =>
      invalidate(queryKeys.events.eventLists, queryKeys.events.eventDetails, queryKeys.events.deliveryLists),
    );
    const changes = new ResourceChangeBurst();
    // What is shown follows a burst (paced as above); its one notice sums up the burst so far at each pause.
    const resourceRefresh = coalesced(() => invalidate(queryKeys.resources.all, queryKeys.resource.all));
    const resourceNotice = burstNotice(
      'resource-changes',
      NOTICE_TIMING,
      (key) => {
        const message = changes.message();
        if (message) notify(message, 'info', { key });
      },
      () => changes.clear(),
    );
    const clockRefresh = coalesced(() => invalidate(queryKeys.info, queryKeys.resource.all));
    const received = new WebhookReceivedBurst();
    const webhookRefresh = coalesced(() => invalidate(queryKeys.events.all));
    const webhookNotice = burstNotice(
      'webhooks-received',
      NOTICE_TIMING,
      (key) => {
        const message = received.message();
        if (message) notify(message.text, message.severity, { key });
      },
      () => received.clear(),
    );
    const unsubscribe = bridge.onEvent((event) => {
      switch (event.type) {
        case 'request-logged':
          logRefresh.request();
          break;
        case 'resource-changed':
          changes.add(event.payload);
          resourceRefresh.request();
          resourceNotice.request();
          break;
        case 'clock-moved':
          clockRefresh.request();
          break;
        case 'webhook-received':
          received.add(event.payload);
          webhookRefresh.request();
          webhookNotice.request();
          break;
        case 'webhook-outbox-changed':
          outboxRefresh.request();
          break;
        // What the browser's event stream did not send of a burst (the events it did send refresh the
        // views already): the notices count it.
        case LEFT_OUT_EVENT: {
          const { counts, resource_kinds } = event.payload;
          if (counts['resource-changed']) {
            changes.addLeftOut(resource_kinds);
            resourceNotice.request();
          }
          if (counts['webhook-received']) {
            received.addLeftOut(counts['webhook-received']);
            webhookNotice.request();
          }
          break;
        }
      }
    });
    // After a break in the event stream (the host drops a tab that stops reading) anything may have
    // changed: refetch everything shown.
    const offResumed = onEventsResumed(() => void queryClient.invalidateQueries());
    return () => {
      unsubscribe();
      offResumed();
      for (const refresh of [
        logRefresh,
        outboxRefresh,
        resourceRefresh,
        resourceNotice,
        clockRefresh,
        webhookRefresh,
        webhookNotice,
      ])
        refresh.cancel();
    };
  }, [queryClient, notify]);
}
