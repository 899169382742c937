import { issuesOf } from './api/issue.js';

/**
 * The error vocabulary of the interface (spec part 7), as named constants.
 *
 * Every error body the API sends is built from these tables, and tests assert on the same constants, so
 * a wording change happens in exactly one place. Pure data: the renderer uses it to explain errors too.
 */

/** Top-level error names with their HTTP status and default message (spec part 7 table). */
export const ERROR_NAMES = {
  INVALID_REQUEST: {
    status: 400,
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  },
  AUTHENTICATION_FAILURE: {
    status: 401,
    message:
      'Authentication failed due to missing Authorization header, or invalid authentication credentials.',
  },
  NOT_AUTHORIZED: { status: 403, message: 'Authorization failed due to insufficient permissions.' },
  RESOURCE_NOT_FOUND: { status: 404, message: 'The specified resource does not exist.' },
  METHOD_NOT_SUPPORTED: { status: 405, message: 'The server does not implement the requested HTTP method.' },
  MEDIA_TYPE_NOT_ACCEPTABLE: {
    status: 406,
    message: 'The server does not implement the media type that would be acceptable to the client.',
  },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in full within the time allowed.' },
  RESOURCE_CONFLICT: {
    status: 409,
    message: 'The server has detected a conflict while processing this request. Retry later.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is larger than the server accepts.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'The server does not support the request payload media type.',
  },
  UNPROCESSABLE_ENTITY: {
    status: 422,
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
  RATE_LIMIT_REACHED: { status: 429, message: 'Too many requests. Blocked due to rate limiting.' },
  REQUEST_HEADERS_TOO_LARGE: {
    status: 431,
    message: 'The request line and headers are larger than the server accepts.',
  },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'An internal server error has occurred.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service Unavailable.' },
} as const;

export type ErrorName = keyof typeof ERROR_NAMES;

/** Where a bad value was found (`details[].location`). */
export type ErrorLocation = 'body' | 'query' | 'path' | 'header';

/**
 * The issue codes of the pipeline and of rules every group shares (schema, media types, auth, limits,
 * routing, idempotency, money). Each API group declares its own issues in `shared/api/<group>/issues.ts`;
 * `shared/api/registry.ts` joins them into the one table. Names the spec gives are kept verbatim; the others
 * follow the same UPPER_SNAKE form and are listed on the `/docs/errors` page.
 */
export const COMMON_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    MISSING_REQUIRED_PARAMETER: 'A required field or parameter is missing.',
    INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
    INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
    INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
    MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
    MALFORMED_MULTIPART_BODY:
      'The multipart/form-data body does not follow RFC 7578 (boundary, parts, names).',
    JSON_NESTING_TOO_DEEP: 'The request JSON nests objects and arrays deeper than 64 levels.',
  }),
  // What the HTTP server itself refuses, before any route: malformed requests, deadlines, sizes, capacity.
  ...issuesOf('INVALID_REQUEST', {
    MALFORMED_HTTP_REQUEST:
      'The request is not well-formed HTTP/1.1 (request line, header syntax, framing or URL encoding).',
  }),
  ...issuesOf('REQUEST_TIMEOUT', {
    REQUEST_TIMEOUT: 'The request headers or body did not arrive within the server deadlines.',
  }),
  ...issuesOf('REQUEST_HEADERS_TOO_LARGE', {
    REQUEST_HEADERS_TOO_LARGE: 'The request line and headers together exceed 16 KiB.',
  }),
  ...issuesOf('SERVICE_UNAVAILABLE', {
    TOO_MANY_CONNECTIONS: 'The server holds as many open connections as it allows; retry shortly.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
    INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
    INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
    INVALID_INTEGER_MIN_VALUE: 'The integer value of a field is too small.',
    INVALID_INTEGER_MAX_VALUE: 'The integer value of a field is too large.',
    UNKNOWN_FIELD: 'The field is not defined for this request.',
    REQUEST_BODY_TOO_LARGE: 'The request body exceeds the size limit.',
    UNSUPPORTED_CONTENT_TYPE: 'The Content-Type of the request is not supported by this operation.',
    UNSUPPORTED_ACCEPT: 'The Accept header asks for a media type the service cannot produce (JSON only).',
    MISSING_AUTHORIZATION_HEADER: 'The Authorization header with a Bearer access token is missing.',
    METHOD_NOT_SUPPORTED: 'The HTTP method is not implemented for this path.',
    INVALID_MOCK_RESPONSE: 'The Svc-Mock-Response header is not valid JSON naming a documented mock code.',
    CURRENCY_NOT_SUPPORTED: 'The currency code is not supported.',
    DECIMAL_PRECISION: 'The value has more decimal places than the currency allows.',
    CURRENCY_MISMATCH: 'All amounts of a request must use the same currency.',
    AMOUNT_MISMATCH: 'The amount must equal the total of its breakdown.',
    ITEM_TOTAL_MISMATCH: 'The item_total must equal the sum of unit_amount times quantity of all items.',
    ITEM_TOTAL_REQUIRED: 'The breakdown item_total is required when items are given.',
    TAX_TOTAL_MISMATCH: 'The tax_total must equal the sum of tax times quantity of all items.',
    TAX_TOTAL_REQUIRED: 'The breakdown tax_total is required when items carry tax.',
    AMOUNT_NOT_POSITIVE: 'The amount must be greater than zero.',
    WORKBENCH_ACCESS_DENIED:
      'The workbench UI and bridge answer only their own origin, with the launch token.',
  }),
  ...issuesOf('AUTHENTICATION_FAILURE', {
    INVALID_TOKEN: 'The access token is malformed or unknown.',
    TOKEN_EXPIRED: 'The access token has expired; request a new one from /v1/oauth2/token.',
  }),
  ...issuesOf('NOT_AUTHORIZED', {
    INSUFFICIENT_SCOPE: 'The access token lacks the scope this operation requires.',
  }),
  ...issuesOf('RATE_LIMIT_REACHED', {
    RATE_LIMIT_REACHED: 'Too many requests for this token or application; retry after the Retry-After delay.',
  }),
  ...issuesOf('RESOURCE_NOT_FOUND', {
    RESOURCE_NOT_FOUND: 'No resource matches the URI or the key.',
  }),
  ...issuesOf('RESOURCE_CONFLICT', {
    REQUEST_IN_PROGRESS: 'A request with the same Svc-Request-Id is still being processed; retry later.',
  }),
};

/** One entry of `details[]` in an error body. */
export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: ErrorLocation;
  issue: string;
  description?: string;
}

/** The standard error body of spec part 7. */
export interface ErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details?: ErrorDetail[];
  links: { href: string; rel: 'information_link'; method?: string }[];
}

/** The short identity-style error body used by the token endpoint. */
export interface IdentityErrorBody {
  error: string;
  error_description: string;
}

/**
 * Token-endpoint error codes (spec part 7, authorization errors). The `error` member carries the code
 * exactly as the spec's table writes it.
 */
export const TOKEN_ERRORS = {
  INVALID_CLIENT_MISSING: {
    status: 401,
    error: 'INVALID_CLIENT',
    description: 'Client Authentication failed: Authorization header absent.',
  },
  INVALID_CLIENT_ENCODING: {
    status: 401,
    error: 'INVALID_CLIENT',
    description: 'Client Authentication failed: Base64 credentials invalid or missing.',
  },
  INVALID_CLIENT_CREDENTIALS: {
    status: 401,
    error: 'INVALID_CLIENT',
    description: 'Client Authentication failed.',
  },
  GRANT_TYPE_MISSING: { status: 400, error: 'UNSUPPORTED_GRANT_TYPE', description: 'Grant Type is NULL.' },
  GRANT_TYPE_UNSUPPORTED: {
    status: 400,
    error: 'UNSUPPORTED_GRANT_TYPE',
    description: 'Grant Type is not supported.',
  },
  INVALID_SCOPE: { status: 400, error: 'INVALID_REQUEST', description: 'Invalid scope requested.' },
  REFRESH_TOKEN_MISSING: { status: 400, error: 'INVALID_REQUEST', description: 'refresh_token is missing.' },
  REFRESH_TOKEN_INVALID: {
    status: 401,
    error: 'INVALID_REQUEST',
    description: 'The refresh token is invalid or cannot be decrypted.',
  },
  AUTHZ_CODE_INVALID: {
    status: 401,
    error: 'INVALID_AUTHZ_CODE',
    description: 'Authorization code is invalid, absent or not found.',
  },
  REDIRECT_URI_MISSING: { status: 400, error: 'INVALID_REQUEST', description: 'redirect_uri is missing.' },
  RESPONSE_TYPE_INVALID: {
    status: 400,
    error: 'INVALID_RESPONSE_TYPE',
    description: 'Use grant_type=client_credentials with response_type=token.',
  },
  TARGET_CLIENT_NOT_ALLOWED: {
    status: 400,
    error: 'INVALID_REQUEST',
    description: 'target_client_id requires the GRANT_PROXY_CLIENT scope.',
  },
  MEDIA_TYPE: {
    status: 415,
    error: 'INVALID_REQUEST',
    description: 'The token request body must be application/x-www-form-urlencoded.',
  },
} as const;

export type TokenErrorKey = keyof typeof TOKEN_ERRORS;
