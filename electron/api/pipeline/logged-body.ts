import { maskToLastFour, REDACTED } from '../../../shared/redact.js';

/**
 * What the request log may keep of one operation's request body, declared by the operation's group
 * (`loggedBody` of its route). The log's general rules (shared/redact.ts: card numbers, security codes,
 * credentials and bank accounts by member name) hold for every body; an operation adds what only it
 * knows: a member whose meaning comes from a sibling (a SCIM PATCH setting `password` by its `path`),
 * or data the resource itself may not keep (a partner referral's owner data without the seller's
 * consent to share it). The function gets the body as parsed JSON, never validated: a refused request
 * is logged too, and its secrets are as real as an accepted one's.
 */
export type LoggedBody = (body: unknown) => unknown;

/** What the log keeps of a body an operation that declares sensitive members cannot read as JSON. */
export const UNREADABLE_BODY_WITHHELD = '[withheld: not JSON, and this operation takes secrets]';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A path of member names (`payment_source/bank/ach_debit/account_number`); `*` is any member or item. */
type Path = readonly string[];

/** A copy of `value` with `replace` applied to whatever `path` reaches (nothing changes off the path). */
function replaceAt(value: unknown, path: Path, replace: (found: unknown) => unknown): unknown {
  if (path.length === 0) return value === undefined || value === null ? value : replace(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    if (head !== '*') return value;
    return value.map((item: unknown) => replaceAt(item, rest, replace));
  }
  if (!isObject(value)) return value;
  const copy: Json = {};
  for (const [name, member] of Object.entries(value)) {
    // Own data members only, `__proto__` included, never through the prototype setter.
    Object.defineProperty(copy, name, {
      value: head === '*' || head === name ? replaceAt(member, rest, replace) : member,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

const lastFour = (found: unknown): unknown =>
  typeof found === 'string' || typeof found === 'number' ? maskToLastFour(String(found)) : REDACTED;
const withheld = (): unknown => REDACTED;

/**
 * A `LoggedBody` for members known by their place: those under `lastFour` keep their last four
 * characters (account numbers, IBANs, card numbers: what the platform shows of them), those under
 * `withheld` are not kept at all (passwords, security codes).
 */
export function sensitiveMembers(rules: {
  lastFour?: readonly string[];
  withheld?: readonly string[];
}): LoggedBody {
  const steps: { path: Path; replace: (found: unknown) => unknown }[] = [
    ...(rules.lastFour ?? []).map((path) => ({ path: path.split('/'), replace: lastFour })),
    ...(rules.withheld ?? []).map((path) => ({ path: path.split('/'), replace: withheld })),
  ];
  return (body) => steps.reduce((kept, step) => replaceAt(kept, step.path, step.replace), body);
}

/** Several declarations applied in turn. */
export const allOf =
  (...parts: readonly LoggedBody[]): LoggedBody =>
  (body) =>
    parts.reduce((kept, part) => part(kept), body);

/**
 * The body text the log keeps for an operation that declares `loggedBody`: the declaration applied to
 * the parsed JSON, or nothing of a body that is not JSON (it cannot be told apart, so none of it is
 * kept). A declaration that fails on an odd shape keeps nothing either.
 */
export function applyLoggedBody(text: string, loggedBody: LoggedBody): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return UNREADABLE_BODY_WITHHELD;
  }
  try {
    return JSON.stringify(loggedBody(parsed)) ?? REDACTED;
  } catch {
    return REDACTED;
  }
}
