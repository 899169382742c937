/** What the clock helper (`POST /v1/test-helpers/clock`) is asked: a move by seconds, or to a moment. */
export type ClockMoveRequest = { advance_seconds: number } | { to: string };

/** The clock dialog's input: a number of days, or a date and time (`datetime-local`, read as UTC). */
export type ClockMoveInput = { mode: 'by'; days: string } | { mode: 'to'; at: string };

const MAX_DAYS = 3650;

/**
 * The request the input asks for, or the message that says why it cannot be sent. The clock only moves
 * forward and at most ten years at once (the API refuses the rest too; this says so before asking).
 */
export function clockMoveRequest(
  input: ClockMoveInput,
  nowIso: string | undefined,
): { request: ClockMoveRequest } | { error: string } {
  if (input.mode === 'by') {
    const text = input.days.trim();
    const days = Number(text);
    if (text === '' || !Number.isFinite(days)) return { error: 'Enter a number of days, e.g. 2 or 0.5.' };
    if (days <= 0) return { error: 'The clock only moves forward: enter a number of days above 0.' };
    if (days > MAX_DAYS)
      return { error: `The clock moves at most ${MAX_DAYS.toLocaleString('en-US')} days at once.` };
    return { request: { advance_seconds: Math.max(1, Math.round(days * 86_400)) } };
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(input.at))
    return { error: 'Choose a date and a time.' };
  const target = Date.parse(`${input.at}Z`);
  if (Number.isNaN(target)) return { error: 'Choose a date and a time.' };
  const now = nowIso ? Date.parse(nowIso) : undefined;
  if (now !== undefined && target <= now)
    return { error: `The clock is at ${nowIso?.replace('T', ' ').slice(0, 16)} UTC and only moves forward.` };
  if (now !== undefined && target - now > MAX_DAYS * 86_400_000)
    return { error: 'The clock moves at most ten years at once.' };
  return { request: { to: new Date(target).toISOString().replace(/\.\d{3}Z$/, 'Z') } };
}

/** `datetime-local` form of an RFC 3339 UTC time (the dialog's starting value: the simulated now). */
export const toLocalInput = (iso: string): string => iso.slice(0, 16);
