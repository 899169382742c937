import { availableParallelism, loadavg } from 'node:os';

/**
 * The machine's load average (1, 5 and 15 minutes) and its cores, as one line. Every benchmark prints it
 * when it starts and when it ends: a figure means little without the load it was measured under.
 */
export function loadLine(when: 'start' | 'end'): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `load average at ${when}: ${one}, ${five}, ${fifteen} (${availableParallelism()} cores)`;
}
