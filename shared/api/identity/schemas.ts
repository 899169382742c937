import { z } from 'zod';
import {
  ADDRESS_TYPES,
  EMAIL_TYPES,
  languageProblem,
  PHONE_TYPES,
  phoneProblem,
  SCIM_LIMITS as L,
  SCIM_PATCH_SCHEMA,
  SCIM_USER_SCHEMA,
  timezoneProblem,
  userNameProblem,
} from './scim-rules.js';

/** Identity (spec 2.18, 4.12): the userinfo query and the SCIM user's request shapes. */

/**
 * `POST /v1/identity/openidconnect/userinfo` with a form body (OpenID Connect Core 5.3.1 allows POST; RFC
 * 6750 2.2 lets the form carry the access token instead of the Authorization header), as the platform's
 * legacy SDK calls it: `schema=openid&access_token=...`.
 */
export const UserinfoForm = z.object({
  schema: z.literal('openid', { message: 'schema must be openid.' }),
  access_token: z.string().min(1).optional(),
});

/** `GET /v1/identity/openidconnect/userinfo?schema=openid`: `schema` is required; openid is the one known. */
export const UserinfoQuery = z.object({
  schema: z.literal('openid', { message: 'schema must be openid.' }),
});

/** A string checked by one of the rules of scim-rules.ts (the rule's own words are the message). */
const ruled = (problem: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });

const Primary = z.boolean().optional();

export const ScimEmailSchema = z.object({
  value: z.email({ message: 'Expected an e-mail address.' }).max(254),
  primary: Primary,
  type: z.enum(EMAIL_TYPES).optional(),
});

export const ScimPhoneSchema = z.object({
  value: ruled(phoneProblem),
  primary: Primary,
  type: z.enum(PHONE_TYPES).optional(),
});

/** Inner fields of an address are not shown in the spec: RFC 7643 section 4.1.2's. */
export const ScimAddressSchema = z.object({
  formatted: z.string().min(1).max(1000).optional(),
  streetAddress: z.string().min(1).max(300).optional(),
  locality: z.string().min(1).max(120).optional(),
  region: z.string().min(1).max(300).optional(),
  postalCode: z.string().min(1).max(60).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Expected an ISO 3166-1 alpha-2 country code, e.g. US.')
    .optional(),
  type: z.enum(ADDRESS_TYPES).optional(),
  primary: Primary,
});

export const ScimEntitlementSchema = z.object({ value: z.string().min(1).max(256) });

const onePrimary = (list: readonly { primary?: boolean | undefined }[] | undefined) =>
  !list || list.filter((entry) => entry.primary === true).length <= 1;

/** A multi-valued attribute (emails, phone numbers, addresses): within its bounds, at most one primary. */
const primaryList = <T extends z.ZodType<{ primary?: boolean | undefined }>>(
  entry: T,
  bounds: { min: number; max: number },
) =>
  z
    .array(entry)
    .min(bounds.min)
    .max(bounds.max)
    .refine(onePrimary, { message: 'At most one entry may be primary.' })
    .optional();

/**
 * A SCIM user as a client sends it (create, and the whole of a user after a PATCH). `id` and `meta` are
 * read-only: accepted so a client may send back what it read, and ignored (RFC 7643 section 3.1).
 */
export const ScimUserSchema = z.object({
  schemas: z
    .array(z.string().min(1).max(256))
    .min(L.schemas.min)
    .max(L.schemas.max)
    .refine((list) => list.includes(SCIM_USER_SCHEMA), {
      message: `schemas must include ${SCIM_USER_SCHEMA}.`,
    }),
  externalId: z.string().min(L.externalId.min).max(L.externalId.max).optional(),
  userName: ruled(userNameProblem),
  name: z
    .object({
      givenName: z.string().min(1).max(140).optional(),
      familyName: z.string().min(1).max(140).optional(),
    })
    .optional(),
  emails: primaryList(ScimEmailSchema, L.emails),
  phoneNumbers: primaryList(ScimPhoneSchema, L.phoneNumbers),
  addresses: primaryList(ScimAddressSchema, L.addresses),
  entitlements: z.array(ScimEntitlementSchema).min(L.entitlements.min).max(L.entitlements.max).optional(),
  preferredLanguage: ruled(languageProblem).optional(),
  timezone: ruled(timezoneProblem).optional(),
  active: z.boolean().optional(),
  id: z.string().max(256).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ScimUserInput = z.infer<typeof ScimUserSchema>;

export const ScimUserParams = z.object({ id: z.string().min(1).max(64) });

/** `startIndex` and `count` arrive as text; anything but a whole number is refused. */
const wholeNumber = z
  .string()
  .regex(/^-?[0-9]{1,12}$/, 'Expected a whole number.')
  .transform(Number);

/**
 * `GET /v2/scim/Users`: `filter` (`userName eq "..."`), `startIndex` 1..100000 (default 1), `count`
 * 0..100 (default 50; larger values are treated as 100, so only a negative count is refused).
 */
export const ScimListQuery = z.object({
  filter: z.string().min(1).max(1000).optional(),
  startIndex: wholeNumber.pipe(z.number().int().min(L.startIndex.min).max(L.startIndex.max)).optional(),
  count: wholeNumber.pipe(z.number().int().min(L.count.min)).optional(),
});

/** One SCIM PATCH operation (RFC 7644 section 3.5.2); `op` is matched without regard to case. */
export const ScimPatchOperation = z.object({
  op: z
    .string()
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'remove', 'replace'], { message: 'op must be add, remove or replace.' })),
  path: z.string().min(1).max(256).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOp = z.infer<typeof ScimPatchOperation>;

export const ScimPatchSchema = z.object({
  schemas: z
    .array(z.string())
    .min(1)
    .max(10)
    .refine((list) => list.includes(SCIM_PATCH_SCHEMA), {
      message: `schemas must include ${SCIM_PATCH_SCHEMA}.`,
    }),
  Operations: z.array(ScimPatchOperation).min(1).max(100),
});

/** SCIM answers in the media type the client accepts (`application/scim+json`, or `application/json`). */
export const ScimHeaders = z.object({ accept: z.string().max(1000).optional() });
