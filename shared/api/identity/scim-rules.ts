/**
 * The value rules of a SCIM user (spec 2.18 and part 8), as pure functions both the API and the
 * workbench's form apply.
 */

export const SCIM_LIMITS = {
  schemas: { min: 1, max: 10 },
  externalId: { min: 1, max: 128 },
  userName: { min: 8, max: 16 },
  emails: { min: 1, max: 10 },
  phoneNumbers: { min: 1, max: 10 },
  addresses: { min: 1, max: 10 },
  entitlements: { min: 1, max: 10_000 },
  preferredLanguage: { min: 2, max: 10 },
  timezone: { min: 1, max: 127 },
  /** `startIndex` of a list (part 8). */
  startIndex: { min: 1, max: 100_000 },
  /** `count` of a list: 0..100, default 50; larger values are treated as 100 (spec 4.12). */
  count: { min: 0, max: 100, default: 50 },
} as const;

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_MEDIA_TYPE = 'application/scim+json';

export const EMAIL_TYPES = ['work', 'home', 'other'] as const;
export const PHONE_TYPES = ['work', 'home', 'mobile', 'fax', 'pager', 'other'] as const;
export const ADDRESS_TYPES = ['work', 'home', 'other'] as const;

/** 8..16 letters and digits, not all digits (spec 2.18). */
export function userNameProblem(value: string): string | undefined {
  if (value.length < SCIM_LIMITS.userName.min || value.length > SCIM_LIMITS.userName.max)
    return 'userName must be 8 to 16 characters.';
  if (!/^[A-Za-z0-9]+$/.test(value)) return 'userName may hold only letters and digits.';
  if (/^[0-9]+$/.test(value)) return 'userName may not be all digits.';
  return undefined;
}

/**
 * RFC 3966 `tel:` URIs: a global number (`tel:+1-201-555-0123`, `+` and 1 to 15 digits with visual
 * separators) or a local one that names its `phone-context`, followed by `;name=value` parameters
 * (`;ext=1234`).
 */
const PARAM = ";[A-Za-z0-9-]+(?:=[A-Za-z0-9\\-_.!~*'()\\[\\]/:&+$%]+)?";
const GLOBAL_TEL = new RegExp(`^tel:\\+[0-9().-]*[0-9][0-9().-]*(?:${PARAM})*$`);
const LOCAL_TEL = new RegExp(`^tel:[0-9A-Fa-f*#().-]*[0-9A-Fa-f*#][0-9A-Fa-f*#().-]*(?:${PARAM})*$`);

export function phoneProblem(value: string): string | undefined {
  const example = 'Expected an RFC 3966 tel URI, e.g. tel:+1-201-555-0123.';
  if (value.length > 256) return 'A phone number is at most 256 characters.';
  if (GLOBAL_TEL.test(value)) {
    const digits = (value.split(';')[0] ?? '').replace(/[^0-9]/g, '');
    return digits.length <= 15 ? undefined : 'A global number has at most 15 digits (E.164).';
  }
  if (LOCAL_TEL.test(value))
    return /;phone-context=/i.test(value) ? undefined : 'A local number needs a ;phone-context parameter.';
  return example;
}

/** Zone names that are only abbreviations: several regions use them, so they name no one zone. */
const ABBREVIATION = /^[A-Z]{2,5}([0-9]{1,2}([A-Z]{2,4})?)?$/;

/**
 * An IANA time zone name (`America/New_York`, `UTC`): one the runtime's time zone database knows, and
 * not an abbreviation such as `EST` or `CST6CDT` (spec 2.18: "no ambiguous abbreviations").
 */
export function timezoneProblem(value: string): string | undefined {
  if (value.length < SCIM_LIMITS.timezone.min || value.length > SCIM_LIMITS.timezone.max)
    return 'timezone must be 1 to 127 characters.';
  if (value !== 'UTC' && value !== 'GMT' && ABBREVIATION.test(value))
    return `${value} is an abbreviation; use an IANA name such as America/New_York.`;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return `${value} is not an IANA time zone name (for example Europe/Berlin).`;
  }
  return undefined;
}

/** A language tag (RFC 5646 form, `en`, `en-US`, `zh-Hant-TW`; an underscore is accepted as SCIM clients send it). */
export function languageProblem(value: string): string | undefined {
  if (value.length < SCIM_LIMITS.preferredLanguage.min || value.length > SCIM_LIMITS.preferredLanguage.max)
    return 'preferredLanguage must be 2 to 10 characters.';
  return /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(value)
    ? undefined
    : 'Expected a language tag such as en or en-US.';
}
