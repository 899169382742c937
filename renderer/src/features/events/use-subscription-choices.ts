import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import type { SelectChoice } from '../../components/select-field';
import { eventsApi } from './events-api';

/**
 * The webhook subscriptions as choices of a select (resend to one, simulate to one): each shows its id
 * and its URL, since several subscriptions may listen on the same URL.
 */
export function useSubscriptionChoices(): SelectChoice[] {
  const subscriptions = useQuery({
    queryKey: queryKeys.events.subscriptions,
    queryFn: eventsApi.subscriptions,
  });
  return (subscriptions.data ?? []).map((w) => ({ value: w.id, label: `${w.id} · ${w.url}` }));
}
