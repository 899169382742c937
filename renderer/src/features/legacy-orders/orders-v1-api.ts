import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../../../../shared/bridge';
import type { HttpMethod } from '../../../../shared/api/endpoint';
import { callApi, isNotFound } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';
import { ORDER_V1_KIND } from './order-v1-model';

/** One v1 order with its history; refreshed by host change events. A 404 (deleted) is not retried. */
export function useOrderV1(id: string) {
  return useQuery({
    queryKey: queryKeys.resource.detail(ORDER_V1_KIND, id),
    queryFn: () => bridge.getResource({ kind: ORDER_V1_KIND, id }),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}

/**
 * A call of the v1 API from the order pages (through the bridge, so it shows in the request log, marked
 * deprecated); on success every resource view is refreshed.
 */
export function useOrderV1Call(onSuccess?: (response: ApiResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: {
      method: HttpMethod;
      path: string;
      body?: unknown;
      headers?: Record<string, string>;
    }) => callApi(request),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onSuccess?.(response);
    },
  });
}
