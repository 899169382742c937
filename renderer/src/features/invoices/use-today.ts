import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { bridge } from '../../bridge';

/** The simulated clock's day (`yyyy-MM-dd`): what "overdue" is measured against. */
export function useToday(): string {
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  return (info.data?.clock.now ?? new Date().toISOString()).slice(0, 10);
}
