import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResponse } from '../../../../shared/bridge';
import { callApi, isNotFound, newRequestId } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';
import type { LegacyKind } from './legacy-model';

/** One v1 resource with its history and lineage; refreshed by host change events. A 404 is not retried. */
export function useLegacyDetail(kind: LegacyKind, id: string) {
  return useQuery({
    queryKey: queryKeys.resource.detail(kind, id),
    queryFn: () => bridge.getResource({ kind, id }),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}

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
