/**
 * What a tracking number may be (spec 2.16): 1..64 ASCII characters that are not a URL, a phone number or
 * an e-mail address. It also becomes half of the tracker's id (`<transaction_id>-<tracking_number>`, of
 * letters, digits, hyphens and underscores), so it is made of those characters. Shared: the server
 * validates with it and the workbench's tracker form explains a rejected number before sending it.
 */

const URL_FORM = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)|:\/\//i;
const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// A phone number as people write one: international (+...), NANP with separators, or a tel: URI. A bare
// run of digits is not one: most carriers' tracking numbers are exactly that.
const PHONE_FORMS = [/^\+[\d\s().-]{7,20}$/, /^\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}$/, /^tel:/i];
const ID_SAFE = /^[A-Za-z0-9_-]+$/;

/** Why a tracking number is refused, or undefined when it is acceptable. */
export function trackingNumberProblem(value: string): string | undefined {
  if (!/^[\x20-\x7E]*$/.test(value)) return 'A tracking number is ASCII only.';
  if (URL_FORM.test(value)) return 'A tracking number cannot be a URL (give the link as tracking_url).';
  if (value.includes('@') && EMAIL_FORM.test(value)) return 'A tracking number cannot be an e-mail address.';
  if (PHONE_FORMS.some((form) => form.test(value))) return 'A tracking number cannot be a phone number.';
  if (!ID_SAFE.test(value))
    return 'A tracking number is made of letters, digits, hyphens and underscores (it is part of the tracker id).';
  return undefined;
}

/** True for a real calendar date written `YYYY-MM-DD` (10 characters). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
