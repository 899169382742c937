/**
 * The time zone of a sandbox merchant account, from its country: the platform keeps each account's
 * time zone; the sandbox knows its accounts' countries only, so each country gets its main zone.
 */
const ZONES: Readonly<Record<string, string>> = {
  US: 'America/Los_Angeles',
  CA: 'America/Toronto',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  AU: 'Australia/Sydney',
  JP: 'Asia/Tokyo',
};

export const merchantTimeZone = (countryCode: string): string => ZONES[countryCode] ?? 'UTC';

/** The offset of `zone` from UTC at `ms`, in milliseconds (from the zone's wall-clock reading). */
function offsetMs(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The start of the day `ms` falls on in `zone`, as epoch milliseconds (spec 2.9's start_date rule). */
export function startOfDayIn(zone: string, ms: number): number {
  const local = ms + offsetMs(zone, ms);
  const day = new Date(local);
  const midnightWall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  // The offset at midnight may differ from the one at `ms` (a daylight-saving change that day).
  return midnightWall - offsetMs(zone, midnightWall - offsetMs(zone, ms));
}
