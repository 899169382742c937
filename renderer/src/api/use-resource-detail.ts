import { useQuery } from '@tanstack/react-query';
import type { ResourceKind } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { isNotFound } from './api-call';
import { queryKeys } from './query-keys';

/**
 * One resource as the host keeps it: the resource, its summary, its history and lineage. Its key is
 * under `resource.all`, so every resource change and clock move refreshes it. An id the workspace lacks
 * is an answer (the page says so), never read again; another failure is tried twice more.
 */
export function useResourceDetail(kind: ResourceKind, id: string) {
  return useQuery({
    queryKey: queryKeys.resource.detail(kind, id),
    queryFn: () => bridge.getResource({ kind, id }),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}
