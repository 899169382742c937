import { useQuery } from '@tanstack/react-query';
import type { WorkbenchInfo } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { queryKeys } from './query-keys';

/**
 * The part of the host's info a component shows. The clock widget reads the info again every 30 s and
 * each read carries a new simulated `now`: a component that took the whole info was drawn again each
 * time (a Reports grid of 500 rows was a 350 ms task). Selecting what it shows keeps it still until
 * that part changes.
 */
export function useHostInfo<T>(select: (info: WorkbenchInfo) => T) {
  return useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}), select });
}
