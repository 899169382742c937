/**
 * A log time as the list shows it: the time of day with milliseconds, and the date in front when it is not
 * today's (a simulated time days ahead shows its date).
 */
export function formatLogTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  const ms = String(at.getMilliseconds()).padStart(3, '0');
  const today = at.toDateString() === now.toDateString();
  return `${today ? '' : `${at.toLocaleDateString()} `}${time}.${ms}`;
}
