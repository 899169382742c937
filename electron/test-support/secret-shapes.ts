import { expect } from 'vitest';

/**
 * The corpus of secret shapes every masking path is tested with: error bodies, the
 * request log (bodies, query strings, headers) and the HAR export. Test support only.
 */

/** A card number as a caller may send it, with the digits that must never come back whole. */
export interface CardShape {
  name: string;
  /** As sent: a string, or a JSON number. */
  value: string | number;
  /** Every digit of the card but the last four: never shown (separators ignored). */
  hidden: string;
}

export const CARD_SHAPES: readonly CardShape[] = [
  { name: 'plain', value: '4111111111111111', hidden: '411111111111' },
  { name: 'with spaces', value: '4111 1111 1111 1111', hidden: '411111111111' },
  { name: 'with dashes', value: '4111-1111-1111-1111', hidden: '411111111111' },
  { name: 'too many digits', value: '41111111111111111111111', hidden: '4111111111111111111' },
  { name: 'too many, spaced', value: '4111 1111 1111 1111 111', hidden: '4111111111111111' },
  { name: 'Amex (15)', value: '378282246310005', hidden: '37828224631' },
  { name: 'inside a sentence', value: 'my card is 5555 5555 5555 4444, thanks', hidden: '555555555555' },
  { name: 'glued to letters', value: 'ref5555555555554444x', hidden: '555555555555' },
  { name: 'a JSON number', value: 4111111111111111, hidden: '411111111111' },
  { name: 'a huge JSON number', value: 41111111111111110000000, hidden: '111111111111111' },
];

/** Security codes as sent under `security_code`, `cvv` or `cvv2`: never shown at all. */
export const SECURITY_CODES: readonly { key: string; value: string | number }[] = [
  { key: 'security_code', value: '9731' },
  { key: 'security_code', value: 9731 },
  { key: 'cvv', value: '9731' },
  { key: 'cvv2', value: '97x1' },
];
/** The digits of every security code above (no real response carries this run). */
export const SECURITY_CODE_DIGITS = '9731';

/** Credentials that must not be kept: in a query string, a form body, headers. */
export const SECRET_TOKEN = 'A21AAsecretSECRETsecret0123456789';
export const SECRET_HEADERS: Readonly<Record<string, string>> = {
  cookie: `session=${SECRET_TOKEN}`,
  'proxy-authorization': `Basic ${SECRET_TOKEN}`,
  'x-authorization': `Bearer ${SECRET_TOKEN}`,
};

/** Text with spaces and dashes removed: a masked card stays masked however it is re-spaced. */
const squeeze = (text: string): string => text.replace(/[\s-]/g, '');

/** Asserts that `text` (a reply, a log entry, an export) shows none of the card's hidden digits. */
export function expectCardMasked(text: string, shape: CardShape): void {
  expect(squeeze(text), `${shape.name} leaked`).not.toContain(shape.hidden);
  if (typeof shape.value === 'string') expect(text, `${shape.name} leaked`).not.toContain(shape.value);
}

/** Asserts that no credential of the corpus and no security code shows in `text`. */
export function expectNoSecrets(text: string): void {
  expect(text).not.toContain(SECRET_TOKEN);
  expect(text).not.toContain(SECURITY_CODE_DIGITS);
  expect(text).not.toContain('97x1');
}
