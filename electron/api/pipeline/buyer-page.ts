import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * What every buyer-facing page (the approval page `/checkoutnow`, and any page a buyer's browser opens
 * later) is served with: a Content-Security-Policy that allows nothing but its own nonce-tagged styles
 * (no script at all), can be framed by no one (`frame-ancestors 'none'`, clickjacking), submits forms
 * only to itself and to the merchant addresses it redirects to, and a CSRF token in each form.
 */

/** The hidden form field that carries the CSRF token. */
export const CSRF_FIELD = 'csrf_token';

/**
 * Signs CSRF tokens for this process: a token is the HMAC of what the form acts on (an order id), so
 * a page from another site, which cannot read ours, cannot submit one of our forms. After a restart
 * older forms are refused and shown again with a fresh token.
 */
const CSRF_KEY = randomBytes(32);

/** The CSRF token of a form acting on `subject` (say `checkout:<order id>`). */
export function csrfToken(subject: string): string {
  return createHmac('sha256', CSRF_KEY).update(subject).digest('base64url');
}

/** True when `token` is the CSRF token of `subject`; compared in constant time. */
export function validCsrfToken(subject: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(csrfToken(subject));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * CSP sources for addresses a form submission may end at: the form posts to the page itself, and its
 * answer may redirect the buyer to the merchant's return or cancel URL (browsers apply `form-action` to
 * that redirect too). Origins for web URLs, the bare scheme for an app's own scheme (`myapp:`).
 */
export function formTargets(urls: readonly (string | undefined)[]): string[] {
  const sources = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') sources.add(parsed.origin);
    else if (/^[a-z][a-z0-9+.-]*:$/i.test(parsed.protocol)) sources.add(parsed.protocol);
  }
  return [...sources];
}

/** The policy of one page: `nonce` tags its `<style>`; `targets` from `formTargets`. */
export function buyerPagePolicy(nonce: string, targets: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    ['form-action', "'self'", ...targets].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Sends a buyer page: `render` gets the nonce for its `<style nonce="...">`. Never cached (it holds a
 * CSRF token), never framed, never sniffed, and the page's address (which names the order) is not sent
 * to other sites as a Referer.
 */
export function sendBuyerPage(
  reply: FastifyReply,
  status: number,
  render: (nonce: string) => string,
  targets: readonly string[] = [],
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .headers({
      'content-security-policy': buyerPagePolicy(nonce, targets),
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
    })
    .type('text/html; charset=utf-8')
    .send(render(nonce));
}
