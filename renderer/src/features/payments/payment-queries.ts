import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';

/** What the payment pages read from the host. Keys come from `api/query-keys.ts`, so host events refresh them. */

/**
 * The order of an authorization, read only once the authorization was reauthorized: the reauthorize
 * allowance is based on the original amount, which then only the order's purchase unit still has.
 */
export function useOrderOfAuthorization(orderId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.resource.orderOfAuthorization(orderId),
    queryFn: () => bridge.getResource({ kind: 'order', id: orderId ?? '' }),
    enabled: enabled && !!orderId,
  });
}
