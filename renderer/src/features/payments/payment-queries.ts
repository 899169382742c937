import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';
import type { PaymentKind } from './payment-model';

/** What the payment pages read from the host. Keys come from `api/query-keys.ts`, so host events refresh them. */

/** One authorization, capture or refund with its history and related resources; a 404 is not retried. */
export function usePaymentDetail(kind: PaymentKind, id: string) {
  return useQuery({
    queryKey: queryKeys.resource.detail(kind, id),
    queryFn: () => bridge.getResource({ kind, id }),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}

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
