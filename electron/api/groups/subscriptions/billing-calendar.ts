import type { IntervalUnit } from '../../../../shared/api/subscriptions/index.js';
import { DAY } from '../../../clock.js';

/**
 * Adds `count` interval units to a time, in UTC. Months and years keep the day of the month where it
 * exists and take the month's last day where it does not (31 January + 1 month = 28 or 29 February),
 * counted from `anchorMs` (the subscription's start) so a short month does not pull later cycles earlier.
 */
export function addInterval(anchorMs: number, unit: IntervalUnit, count: number): number {
  switch (unit) {
    case 'DAY':
      return anchorMs + count * DAY;
    case 'WEEK':
      return anchorMs + count * 7 * DAY;
    case 'MONTH':
      return addMonths(anchorMs, count);
    case 'YEAR':
      return addMonths(anchorMs, count * 12);
  }
}

function addMonths(anchorMs: number, months: number): number {
  const anchor = new Date(anchorMs);
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return Date.UTC(
    year,
    month,
    day,
    anchor.getUTCHours(),
    anchor.getUTCMinutes(),
    anchor.getUTCSeconds(),
    anchor.getUTCMilliseconds(),
  );
}
