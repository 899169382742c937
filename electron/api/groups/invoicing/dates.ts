import { DAY } from '../../../clock.js';

/**
 * Dates as Invoicing v1 writes them (the platform's: `2026-05-16 PST` for dates, `2026-05-16 12:11:52 PST`
 * for times). The sandbox keeps time in UTC, so what it writes ends in ` UTC`; a date a caller sent keeps
 * the zone it was given with.
 */

/** The `yyyy-MM-dd` of a v1 date (`2026-05-16 PST` -> `2026-05-16`). */
export const datePart = (v1: string): string => v1.slice(0, 10);

/** The zone suffix of a v1 date, or UTC. */
export const zoneOf = (v1: string | undefined): string => (v1 && v1.length > 10 ? v1.slice(11) : 'UTC');

/** `yyyy-MM-dd` of an instant. */
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A v1 date-time (`2026-05-16 12:11:52 UTC`). */
export const v1DateTime = (ms: number): string =>
  new Date(ms).toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

export { dueDateOf } from '../../../../shared/api/invoicing/payment-terms.js';

/** When a due date has passed: the start of the next day, UTC. */
export const overdueAtMs = (dueDate: string): number => Date.parse(dueDate + 'T00:00:00Z') + DAY;
