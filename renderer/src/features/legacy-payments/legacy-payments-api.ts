import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResponse } from '../../../../shared/bridge';
import { callApi, newRequestId } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';

/**
 * A POST of the v1 API from a legacy page (create, execute, refund, capture, void...). One
 * Svc-Request-Id per mounted form, so a retry after a time-out repeats the call safely (spec 4.1.7);
 * on success every resource view is refreshed at once.
 */
export function useLegacyPost(path: string, onSuccess?: (response: ApiResponse) => void) {
  const queryClient = useQueryClient();
  const [requestId] = useState(newRequestId);
  return useMutation({
    mutationFn: (body: unknown) =>
      callApi({
        method: 'POST',
        path,
        headers: { 'Svc-Request-Id': requestId },
        ...(body === undefined ? {} : { body }),
      }),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onSuccess?.(response);
    },
  });
}
