import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../../../../shared/bridge';
import type { HttpMethod } from '../../../../shared/api/endpoint';
import { callApi } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';

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
