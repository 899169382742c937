import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Store } from '../../store/store.js';

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

/**
 * What a buyer form's CSRF token signs: the flow (`checkout`, `vault`, ...) and the id of the resource
 * it acts on, so a token of one flow or resource is no token of another.
 */
export interface CsrfSubject {
  flow: string;
  id: string;
}

const subjectText = ({ flow, id }: CsrfSubject): string => `${flow}:${id}`;

/** The CSRF token of the form of `flow` acting on resource `id` (tests submit forms as a browser would). */
export const formCsrfToken = (subject: CsrfSubject): string => csrfToken(subjectText(subject));

/** True when `token` is the CSRF token of the form of `subject`. */
export const validFormCsrfToken = (subject: CsrfSubject, token: unknown): boolean =>
  validCsrfToken(subjectText(subject), token);

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

/**
 * The policy of one page: `nonce` tags its `<style>`; `targets` from `formTargets`; `images` are origins
 * the page may show pictures from (a merchant's logo named by its web experience profile).
 */
export function buyerPagePolicy(
  nonce: string,
  targets: readonly string[] = [],
  images: readonly string[] = [],
): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    ['img-src', "'self'", 'data:', ...images].join(' '),
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
  images: readonly string[] = [],
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .headers({
      'content-security-policy': buyerPagePolicy(nonce, targets, images),
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
    })
    .type('text/html; charset=utf-8')
    .send(render(nonce));
}

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A page, rendered once its CSP nonce is known (the nonce lets its one inline style in). */
export type Render = (nonce: string) => string;

/**
 * The one look of every buyer page (checkout, subscription and agreement approval, invoices,
 * onboarding): a centred card, no script. `content` is trusted HTML; escape what it interpolates.
 */
export function buyerPageLayout(title: string, content: string): Render {
  return (nonce) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; background: #f4f6f8; color: #1c2733; margin: 0; }
  main { max-width: 520px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px 32px; box-shadow: 0 2px 12px #0001; }
  h1 { font-size: 20px; margin: 0 0 4px; } .muted { color: #5b6b7b; font-size: 13px; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; } td { padding: 6px 0; border-bottom: 1px solid #e6eaee; }
  td.amount { text-align: right; white-space: nowrap; } tr.total td { font-weight: 600; border-bottom: 0; }
  label { display: block; margin: 16px 0 4px; font-weight: 600; } input, select { width: 100%; padding: 8px; font-size: 15px; box-sizing: border-box; }
  .actions { display: flex; gap: 12px; margin-top: 20px; } button { flex: 1; padding: 10px; font-size: 15px; border-radius: 8px; border: 1px solid #1f5fbf; cursor: pointer; }
  button.primary { background: #1f5fbf; color: #fff; } button.secondary { background: #fff; color: #1f5fbf; }
  .error { background: #fdecea; color: #8a1c12; padding: 10px 12px; border-radius: 8px; margin: 12px 0; }
  .status { display: inline-block; padding: 2px 8px; border-radius: 999px; background: #e6eefb; font-size: 12px; font-weight: 600; }
</style></head>
<body><main>${content}</main></body></html>`;
}

/** `url` with `params` set in its query (the return and cancel redirects carry the token and payer). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** The e-mails of the sandbox's personal accounts: what a buyer's e-mail field suggests. */
export function sandboxBuyerEmails(store: Store): string[] {
  return store.accounts
    .list()
    .filter((account) => account.type === 'PERSONAL')
    .map((account) => account.email);
}

/** A buyer's e-mail field (label, input, and the sandbox buyers as suggestions). */
export function buyerEmailField(
  value: string,
  buyers: readonly string[],
  field: { name: string; label: string } = { name: 'buyer_email', label: 'Sandbox buyer' },
): string {
  const options = buyers.map((email) => `<option value="${escapeHtml(email)}">`).join('');
  return `<label for="${field.name}">${escapeHtml(field.label)}</label>
  <input id="${field.name}" name="${field.name}" type="email" list="buyers" value="${escapeHtml(value)}" required>
  <datalist id="buyers">${options}</datalist>`;
}

/** An item line as the v1 pages show it: name and quantity, and the price in its currency. */
export interface ItemLine {
  name: string;
  quantity: string;
  price: string;
  currency: string;
}

/** The table rows of items priced each (the v1 orders and payments list them alike). */
export const itemRows = (items: readonly ItemLine[]): string =>
  items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</td><td class="amount">${escapeHtml(item.price)} ${escapeHtml(item.currency)}</td></tr>`,
    )
    .join('');
