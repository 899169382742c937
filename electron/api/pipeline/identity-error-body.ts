import type { IdentityErrorBody } from '../../../shared/errors.js';
import { ISSUES, type Issue } from '../../../shared/api/registry.js';
import { maskCardNumbers } from '../../../shared/redact.js';
import type { ApiError } from './api-error.js';

/**
 * The short identity error body (spec part 7: identity errors use `{error, error_description}`; the
 * identity codes are INTERNAL_SERVER_ERROR, INVALID_CLIENT, INVALID_REQUEST and INVALID_TOKEN). An
 * authentication failure says which of the two credentials failed (spec 7's 401 table): no
 * Authorization header is INVALID_CLIENT, a bad or expired token INVALID_TOKEN.
 */
export function identityErrorBody(error: ApiError): IdentityErrorBody {
  const issue = error.details[0]?.issue;
  let code: string = error.errorName;
  if (error.errorName === 'AUTHENTICATION_FAILURE')
    code = issue === 'MISSING_AUTHORIZATION_HEADER' ? 'INVALID_CLIENT' : 'INVALID_TOKEN';
  // A validation failure names the field it is about: "schema: A required field is missing."
  const described = error.details
    .filter((d) => d.description)
    .map((d) =>
      error.status === 400 && d.field && d.field !== '/' ? `${d.field}: ${d.description}` : d.description,
    );
  return {
    error: code,
    error_description: maskCardNumbers(described.length > 0 ? described.join(' ') : error.message),
  };
}

export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The SCIM error of RFC 7644 section 3.12, with the identity members beside it. */
export interface ScimErrorBody extends IdentityErrorBody {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'];
  status: string;
  scimType?: string;
  detail: string;
}

/**
 * SCIM clients (identity providers provisioning users) read RFC 7644's error: `schemas`, `status` as a
 * string, `scimType` for a 400 or 409, `detail`. Spec part 7 gives identity errors `{error,
 * error_description}`; both sets of members are sent, so either kind of client finds its own. A
 * validation failure lists every field at fault in `detail`, each as `<pointer>: <why>`.
 */
export function scimErrorBody(error: ApiError): ScimErrorBody {
  const identity = identityErrorBody(error);
  const first = error.details[0]?.issue as Issue | undefined;
  const named = first && Object.hasOwn(ISSUES, first) ? ISSUES[first].scimType : undefined;
  const scimType =
    named ??
    (first === 'MALFORMED_REQUEST_JSON'
      ? 'invalidSyntax'
      : error.status === 400
        ? 'invalidValue'
        : error.status === 409
          ? 'uniqueness'
          : undefined);
  const detail = identity.error_description;
  return {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: String(error.status),
    ...(scimType ? { scimType } : {}),
    detail: maskCardNumbers(detail),
    ...identity,
  };
}

/** SCIM errors go out as `application/scim+json`, or as JSON to a client that accepts only JSON. */
export function scimErrorMediaType(accept: string | undefined): string {
  if (!accept) return SCIM_MEDIA_TYPE;
  const lower = accept.toLowerCase();
  return lower.includes('scim+json') || lower.includes('*/*') || !lower.includes('application/json')
    ? SCIM_MEDIA_TYPE
    : 'application/json';
}
