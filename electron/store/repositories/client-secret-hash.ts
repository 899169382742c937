import { hash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * How an app's client secret is kept at rest: a salted scrypt derivation (`scrypt$<N>$<salt>$<key>`),
 * never the secret. Unlike access tokens (random, hashed with plain SHA-256), a client secret may be
 * chosen by a person (`--client-secret`), so it gets a slow, salted derivation: a copied database file
 * neither grants API access nor makes guessing cheap.
 */
const COST = 16_384;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

export function hashClientSecret(secret: string): string {
  const salt = randomBytes(16).toString('base64url');
  const key = scryptSync(secret, salt, KEY_BYTES, { N: COST }).toString('base64url');
  return `${PREFIX}$${COST}$${salt}$${key}`;
}

/**
 * Derivations already checked in this process, by stored hash: the SHA-256 of the secret that matched.
 * A client fetching tokens over and over pays the slow derivation once, not per request (only memory
 * holds the digest, and only of a secret the caller presented).
 */
const verified = new Map<string, string>();
const MAX_VERIFIED = 256;

const digest = (secret: string): string => hash('sha256', secret, 'hex');

/** Whether `secret` is the one `stored` was derived from (constant-time comparison). */
export function clientSecretMatches(stored: string, secret: string): boolean {
  const known = verified.get(stored);
  if (known !== undefined) return sameText(known, digest(secret));
  const [prefix, cost, salt, key] = stored.split('$');
  if (prefix !== PREFIX || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = scryptSync(secret, salt, expected.length, { N: Number(cost) });
  const matches = actual.length === expected.length && timingSafeEqual(actual, expected);
  if (matches) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(stored, digest(secret));
  }
  return matches;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
