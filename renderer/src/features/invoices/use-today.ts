import { useHostInfo } from '../../api/use-host-info';

/** The simulated clock's day (`yyyy-MM-dd`): what "overdue" is measured against. */
export function useToday(): string {
  // The day alone: the page is drawn again when the day changes, not at every read of the clock.
  const day = useHostInfo((info) => info.clock.now.slice(0, 10)).data;
  return day ?? new Date().toISOString().slice(0, 10);
}
