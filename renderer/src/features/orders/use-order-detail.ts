import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';

/**
 * One order with its history and related payments, as the host keeps it; host change events refresh it
 * through its key. A 404 is an answer (the page says so), not something to retry.
 */
export function useOrderDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.resource.detail('order', id),
    queryFn: () => bridge.getResource({ kind: 'order', id }),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}
