/**
 * The one place that decides what of a card or a secret may be shown. Error bodies
 * (`details[].value`, descriptions), the request log (bodies, query strings, headers) and the HAR export
 * all mask through these functions, so a shape handled here is handled everywhere.
 *
 * - A card number is any run of 12 or more digits, written plain or with single spaces or dashes between
 *   digits, in any string (alone or inside a longer text) or as a JSON number; it keeps its last four
 *   digits and its separators: `4111 1111 1111 1111` -> `•••• •••• •••• 1111`. "Too many digits" is
 *   still a run of 12 or more, so it is masked as well.
 * - A security code (`security_code`, `cvv`, `cvv2`, `cvc`, ...) is never shown, whatever its shape.
 * - A bank account (`account_number`, `iban`) keeps its last four characters, whatever its length.
 * - Credentials (`access_token`, `client_secret`, `refresh_token`, `password`, ...) are never shown.
 *
 * These rules hold for any body. What only an operation knows (a SCIM PATCH setting `password` by its
 * `path`, a referral's owner data the partner may not keep) each operation declares itself
 * (`loggedBody` of its route, electron/api/pipeline/logged-body.ts).
 *
 * Pure TypeScript (no `node:*`, no DOM): the renderer may use it too.
 */

/** Members that hold a card's security code: never shown, not even masked to their last digits. */
export const SECURITY_CODE_KEYS: ReadonlySet<string> = new Set([
  'security_code',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'csc',
]);

/** Members and query/form parameters that hold credentials or security codes. */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  ...SECURITY_CODE_KEYS,
  'access_token',
  'client_secret',
  'refresh_token',
  'id_token',
  'password',
]);

/** Members that name a card number outright: masked even in shapes the digit pattern would not catch. */
const CARD_NUMBER_KEYS: ReadonlySet<string> = new Set(['number', 'card_number']);

/**
 * Members that name a bank account (an ACH account number is 4 to 17 digits, an IBAN mixes letters and
 * digits): whatever their length, only their last four characters are shown, as the platform shows them.
 */
const BANK_ACCOUNT_KEYS: ReadonlySet<string> = new Set(['account_number', 'iban']);

/** Request headers that carry credentials. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'x-authorization',
  'cookie',
  'set-cookie',
]);

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';
const MASK = '•';

/** The fewest digits taken for a card number. */
const CARD_DIGITS = 12;
/** 12 or more digits, with at most one space or dash between two digits. */
const CARD_RUN = /\d(?:[ -]?\d){11,}/g;
/**
 * A quick test before the work: any 12-digit run, any secret name, anything escaped. The names without
 * those that contain another (`cvv2` holds `cvv`, `card_number` holds `number`): the same texts pass, in
 * less than half the time of one alternation of every name (measured: 4.4 us against 1.8 us on a
 * 500-character order body, a test every logged body runs). The digit run is written out twelve times
 * rather than as `\d(?:[ -]?\d){11}`: the same texts match, and V8 scans for a pattern of fixed parts
 * far faster than it loops a group (an order create's request and answer: 0.2 against 1.4 us).
 */
const SENSITIVE_NAMES = [...SECRET_KEYS, ...CARD_NUMBER_KEYS, ...BANK_ACCOUNT_KEYS];
const MAYBE_CARD_RUN = new RegExp(Array<string>(CARD_DIGITS).fill('\\d').join('[ -]?'));
const MAYBE_ESCAPED = /\\u|%/i;
const MAYBE_SENSITIVE_NAME = new RegExp(
  SENSITIVE_NAMES.filter(
    (name) => !SENSITIVE_NAMES.some((other) => other !== name && name.includes(other)),
  ).join('|'),
  'i',
);
const maybeSensitive = (text: string): boolean =>
  MAYBE_ESCAPED.test(text) || MAYBE_CARD_RUN.test(text) || MAYBE_SENSITIVE_NAME.test(text);

/** Deeper than this, a structure is not walked: its content is withheld instead (see MAX_JSON_DEPTH). */
const MAX_WALK_DEPTH = 256;

/** Masks all but the last four digits of a digit run, keeping its separators. */
function maskRun(run: string): string {
  let digitsLeft = run.replace(/\D/g, '').length;
  let out = '';
  for (const ch of run) {
    if (ch >= '0' && ch <= '9') {
      out += digitsLeft > 4 ? MASK : ch;
      digitsLeft--;
    } else out += ch;
  }
  return out;
}

/** Every card-number-like run in `text` masked to its last four digits; the rest unchanged. */
export function maskCardNumbers(text: string): string {
  return text.replace(CARD_RUN, maskRun);
}

/**
 * A value known to be a card number: every digit but the last four masked, whatever separates them
 * (fewer than 12 digits are not a card number and stay as they are).
 */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 12 ? maskRun(value) : maskCardNumbers(value);
}

/**
 * A bank account number or IBAN as it may be shown: its last four characters, every other one masked
 * (four or fewer characters are all masked: a short value is not its own last four).
 */
export function maskToLastFour(value: string): string {
  const compact = value.replace(/\s/g, '');
  return compact.length > 4 ? MASK.repeat(4) + compact.slice(-4) : MASK.repeat(4);
}

/** True when a member of this name holds a bank account number or an IBAN. */
export function isBankAccountKey(key: string | undefined): boolean {
  return key !== undefined && BANK_ACCOUNT_KEYS.has(key.toLowerCase());
}

/** The last member name of a JSON pointer or dotted path (`/payment_source/card/cvv` -> `cvv`). */
export function lastKey(field: string | undefined): string {
  if (!field) return '';
  const parts = field.split(/[/.]/);
  return (parts[parts.length - 1] ?? '').replaceAll('~1', '/').replaceAll('~0', '~').toLowerCase();
}

/** True when a member or parameter of this name holds a secret (credential or security code). */
export function isSecretKey(key: string | undefined): boolean {
  return key !== undefined && SECRET_KEYS.has(key.toLowerCase());
}

/** A JSON number that could be a card number (12 or more integer digits), as masked text. */
function maskNumber(value: number): number | string {
  if (!Number.isInteger(value) || Math.abs(value) < 1e11) return value;
  // BigInt gives every digit of the double, where String() would switch to exponent form past 1e21.
  return maskCardNumbers(BigInt(value).toString());
}

/**
 * A copy of JSON data with secrets redacted and card numbers masked, for an error body, the log or an
 * export. Bounded: below `MAX_WALK_DEPTH` levels the content is withheld rather than walked.
 */
export function redactJson(value: unknown, key?: string, depth = 0): unknown {
  if (key !== undefined && isSecretKey(key) && value !== null && value !== undefined) return REDACTED;
  // The service's own correlation id (13 hex digits, now and then all decimal): never a card.
  if (key === 'debug_id' && typeof value === 'string' && /^[0-9a-f]{13}$/.test(value)) return value;
  if (isBankAccountKey(key) && (typeof value === 'string' || typeof value === 'number'))
    return maskToLastFour(String(value));
  if (typeof value === 'string') {
    return key !== undefined && CARD_NUMBER_KEYS.has(key.toLowerCase())
      ? maskCardNumber(value)
      : maskCardNumbers(value);
  }
  if (typeof value === 'number') return maskNumber(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_WALK_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item: unknown) => redactJson(item, undefined, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    // Own data members only, `__proto__` included, never through the prototype setter.
    Object.defineProperty(copy, name, {
      value: redactJson(member, name, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Decodes a URL component; undefined when it is not valid percent-encoding. */
function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** One path segment or query value, masked on what it means (`%34%31...` is digits too). */
function maskComponent(raw: string): string {
  const decoded = decode(raw);
  const masked = maskCardNumbers(raw);
  if (decoded === undefined || decoded === raw) return masked;
  const maskedDecoded = maskCardNumbers(decoded);
  return maskedDecoded === decoded ? masked : encodeURIComponent(maskedDecoded);
}

/** A query string (without `?`) with secret parameters redacted and card numbers masked. */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const name = decode(rawName) ?? rawName;
      if (eq < 0) return maskComponent(pair);
      return `${maskComponent(rawName)}=${isSecretKey(name) ? REDACTED : maskComponent(pair.slice(eq + 1))}`;
    })
    .join('&');
}

/** A request target (`/path?query`) as it may be kept: card numbers masked, secret parameters redacted. */
export function redactUrl(url: string): string {
  if (!maybeSensitive(url)) return url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const maskedPath = path.split('/').map(maskComponent).join('/');
  return q < 0 ? maskedPath : `${maskedPath}?${redactQuery(url.slice(q + 1))}`;
}

/** Header values as they may be kept: credentials redacted (the scheme stays), card numbers masked. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(headers)) {
    if (value !== undefined) out[rawName] = redactHeader(rawName, value);
  }
  return out;
}

/** One header's value as it may be kept (a repeated header's values joined as HTTP joins them). */
export function redactHeader(rawName: string, value: unknown): string {
  const name = rawName.toLowerCase();
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  if (name === 'authorization' || name === 'proxy-authorization' || name === 'x-authorization') {
    const scheme = /^([A-Za-z][\w.+-]*) /.exec(text)?.[1];
    return scheme ? `${scheme} ${REDACTED}` : REDACTED;
  }
  if (SECRET_HEADERS.has(name)) return REDACTED;
  // Shorter than a card number's 12 digits (a length, a media type, a host): nothing to mask.
  return text.length < CARD_DIGITS ? text : maskCardNumbers(text);
}

/** A form body (`a=1&b=2`) with secret fields redacted and card numbers masked. */
export function redactForm(text: string): string {
  return redactQuery(text);
}

/**
 * Body text as it may be kept: JSON is parsed, redacted and re-serialized when anything in it may be
 * sensitive (the common case costs one regular expression); forms are redacted field by field; any other
 * text has its card numbers masked and `secret=value` pairs redacted.
 */
export function redactBodyText(text: string, contentType: string | undefined): string {
  if (!maybeSensitive(text)) return text;
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.includes('json') || (!type && /^\s*[[{]/.test(text))) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      // Not (complete) JSON: fall through to the text rules.
    }
  }
  if (type === 'application/x-www-form-urlencoded') return redactForm(text);
  const keys = [...SECRET_KEYS].join('|');
  return maskCardNumbers(
    text
      .replace(new RegExp(`((?:${keys})=)[^&\\s"]*`, 'gi'), `$1${REDACTED}`)
      .replace(
        new RegExp(`("(?:${keys})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[^,}\\]\\s]+)`, 'gi'),
        `$1"${REDACTED}"`,
      ),
  );
}
