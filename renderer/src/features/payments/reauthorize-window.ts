import {
  AUTHORIZATION_LIFETIME_MS,
  HONOR_PERIOD_MS,
  authorizationMachine,
  reauthorizeCeiling,
  type AuthorizationStatus,
} from '../../../../shared/api/payments-v2';
import { fromMinor } from '../../../../shared/money';
import { formatMinor } from '../../api/format';
import { machineAvailability } from '../../api/machine-actions';

/**
 * When an authorization may be reauthorized, and for how much (spec part 3 and part 8, spec 4.5).
 *
 * Pure, so the rule the button shows is testable without a browser. The constants and the ceiling come
 * from `shared/api/payments-v2/authorization-rules.ts`, the same ones the server enforces: the window is
 * measured from the authorization's `create_time` on the simulated clock; it opens when the 3-day honor
 * period is over (day 4) and closes when the 29-day lifetime is (after day 29). The status rules are
 * the authorization machine's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The honor period: days 1..3 belong to it. */
export const HONOR_PERIOD_DAYS = HONOR_PERIOD_MS / DAY_MS;
/** After this many days the authorization is gone: day 29 is the last one that may reauthorize. */
export const AUTHORIZATION_LIFETIME_DAYS = AUTHORIZATION_LIFETIME_MS / DAY_MS;
export { reauthorizeCeiling };

export type ReauthorizeWindowState = 'before' | 'open' | 'after';

export interface ReauthorizeWindow {
  state: ReauthorizeWindowState;
  /** 1-based day of the authorization's life at `now` (day 1 is its first 24 hours). */
  day: number;
  /** The first moment a reauthorization is accepted: `create_time` + 3 days (ISO, whole seconds). */
  opensAt: string;
  /** The first moment it is refused again: `create_time` + 29 days. */
  closesAt: string;
  /** What to tell the user: why the action is closed, or how long it stays open. */
  message: string;
}

const parseTime = (time: string | number): number => (typeof time === 'number' ? time : Date.parse(time));
const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `2026-11-25T10:00:00Z` → `2026-11-25 10:00 UTC`. */
export function formatMinute(time: string | number): string {
  return `${new Date(parseTime(time)).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Where `now` falls in the reauthorization window of an authorization created at `createTime`. */
export function reauthorizeWindow(createTime: string, now: string | number): ReauthorizeWindow {
  const created = parseTime(createTime);
  const at = parseTime(now);
  if (Number.isNaN(created) || Number.isNaN(at))
    throw new RangeError(`Not a time: ${Number.isNaN(created) ? createTime : now}`);
  const elapsed = at - created;
  const opens = created + HONOR_PERIOD_DAYS * DAY_MS;
  const closes = created + AUTHORIZATION_LIFETIME_DAYS * DAY_MS;
  const day = Math.max(1, Math.floor(elapsed / DAY_MS) + 1);
  const base = { day, opensAt: isoSeconds(opens), closesAt: isoSeconds(closes) };
  if (at < opens)
    return {
      ...base,
      state: 'before',
      message: `Opens on day ${HONOR_PERIOD_DAYS + 1} (${formatMinute(opens)})`,
    };
  if (at >= closes)
    return {
      ...base,
      state: 'after',
      message: `Closed after day ${AUTHORIZATION_LIFETIME_DAYS}: create a new authorization`,
    };
  return {
    ...base,
    state: 'open',
    message: `Open: day ${day} of ${AUTHORIZATION_LIFETIME_DAYS}, until ${formatMinute(closes)}`,
  };
}

/**
 * Whether the Reauthorize action is available, and if not, why: a closed window first (it is final),
 * then what the authorization's machine says of its status (the issue the API would refuse it with),
 * then a window that has not opened yet.
 */
export function reauthorizeAvailability(
  status: string,
  createTime: string,
  now: string | number,
): { disabled: boolean; reason?: string; window: ReauthorizeWindow } {
  const window = reauthorizeWindow(createTime, now);
  if (window.state === 'after') {
    return {
      disabled: true,
      window,
      reason: `Closed after day ${AUTHORIZATION_LIFETIME_DAYS}: create a new authorization`,
    };
  }
  const byStatus = machineAvailability(authorizationMachine, status as AuthorizationStatus, 'reauthorize');
  if (byStatus.disabled) return { ...byStatus, window };
  return window.state === 'open'
    ? { disabled: false, window }
    : { disabled: true, window, reason: window.message };
}

/** The ceiling as a phrase, e.g. "115.00 USD (115% of the original 100.00, and at most 75.00 USD more)". */
export function reauthorizeCeilingHint(originalMinor: bigint, currency: string): string {
  const ceiling = formatMinor(reauthorizeCeiling(originalMinor, currency), currency);
  const original = fromMinor(originalMinor, currency);
  return `${ceiling} (115% of the original ${original}${currency === 'USD' ? ', and at most 75.00 USD more' : ''})`;
}

/**
 * When the current honor period ends: 3 days after the authorization was created, or after its latest
 * reauthorization (each one starts a new honor period).
 */
export function honorPeriodEnd(
  createTime: string,
  history: readonly { trigger: string; at: string }[],
): string {
  const starts = [createTime, ...history.filter((h) => h.trigger === 'reauthorize').map((h) => h.at)].map(
    parseTime,
  );
  return isoSeconds(Math.max(...starts) + HONOR_PERIOD_DAYS * DAY_MS);
}
