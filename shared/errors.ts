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
  INTERNAL_SERVER_ERROR: { status: 500, message: 'An internal server error has occurred.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service Unavailable.' },
} as const;

export type ErrorName = keyof typeof ERROR_NAMES;

/** Where a bad value was found (`details[].location`). */
export type ErrorLocation = 'body' | 'query' | 'path' | 'header';

/**
 * Issue codes used in `details[].issue`, each with its description. Names that the spec gives are kept
 * verbatim; the others follow the same UPPER_SNAKE form and are listed on the `/docs/errors` page.
 */
export const ISSUES = {
  // Schema and format
  MISSING_REQUIRED_PARAMETER: 'A required field or parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  INVALID_INTEGER_MIN_VALUE: 'The integer value of a field is too small.',
  INVALID_INTEGER_MAX_VALUE: 'The integer value of a field is too large.',
  UNKNOWN_FIELD: 'The field is not defined for this request.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  REQUEST_BODY_TOO_LARGE: 'The request body exceeds the size limit.',
  // Media types
  UNSUPPORTED_CONTENT_TYPE: 'The Content-Type of the request is not supported by this operation.',
  UNSUPPORTED_ACCEPT: 'The Accept header asks for a media type the service cannot produce (JSON only).',
  // Authentication, authorization, limits
  MISSING_AUTHORIZATION_HEADER: 'The Authorization header with a Bearer access token is missing.',
  INVALID_TOKEN: 'The access token is malformed or unknown.',
  TOKEN_EXPIRED: 'The access token has expired; request a new one from /v1/oauth2/token.',
  INSUFFICIENT_SCOPE: 'The access token lacks the scope this operation requires.',
  RATE_LIMIT_REACHED: 'Too many requests for this token or application; retry after the Retry-After delay.',
  // Routing and idempotency
  RESOURCE_NOT_FOUND: 'No resource matches the URI or the key.',
  METHOD_NOT_SUPPORTED: 'The HTTP method is not implemented for this path.',
  REQUEST_IN_PROGRESS: 'A request with the same Svc-Request-Id is still being processed; retry later.',
  INVALID_MOCK_RESPONSE: 'The Svc-Mock-Response header is not valid JSON naming a documented mock code.',
  // Money
  CURRENCY_NOT_SUPPORTED: 'The currency code is not supported.',
  DECIMAL_PRECISION: 'The value has more decimal places than the currency allows.',
  CURRENCY_MISMATCH: 'All amounts of a request must use the same currency.',
  AMOUNT_MISMATCH: 'The amount must equal the total of its breakdown.',
  ITEM_TOTAL_MISMATCH: 'The item_total must equal the sum of unit_amount times quantity of all items.',
  ITEM_TOTAL_REQUIRED: 'The breakdown item_total is required when items are given.',
  TAX_TOTAL_MISMATCH: 'The tax_total must equal the sum of tax times quantity of all items.',
  TAX_TOTAL_REQUIRED: 'The breakdown tax_total is required when items carry tax.',
  AMOUNT_NOT_POSITIVE: 'The amount must be greater than zero.',
  // Orders v2
  CARD_EXPIRED: 'The card is expired.',
  INVALID_CARD_NUMBER: 'The card number is not a valid card number.',
  PERMISSION_DENIED_FOR_DONATION_ITEMS:
    'The caller or payee does not have permission to send item category DONATION.',
  PAYEE_ACCOUNT_INVALID: 'The payee account is not a known business account.',
  REFERENCE_ID_REQUIRED: 'reference_id is required for each purchase unit when there is more than one.',
  DUPLICATE_REFERENCE_ID: 'reference_id must be unique across purchase units.',
  PAYMENT_SOURCE_CONFLICT: 'Only one payment source may be given.',
  SVC_REQUEST_ID_REQUIRED: 'Svc-Request-Id is required for single-step create calls with a payment source.',
  ORDER_NOT_APPROVED: 'The payer has not yet approved the order for payment.',
  ORDER_ALREADY_COMPLETED: 'The order has already been completed.',
  ORDER_VOIDED:
    'The order is VOIDED (its authorizations were voided, or its approval was reversed) and can no longer be paid; create a new order.',
  ORDER_CANNOT_BE_UPDATED: 'Only an order in CREATED or APPROVED can be updated; a COMPLETED order cannot.',
  ORDER_CANNOT_BE_APPROVED: 'The order is not in a state that allows buyer approval.',
  ACTION_DOES_NOT_MATCH_INTENT: 'The action does not match the intent of the order.',
  PATCH_PATH_NOT_SUPPORTED: 'The patch path does not name a patchable field of the order.',
  PATCH_OPERATION_NOT_SUPPORTED: 'The patch operation is not permitted on this path.',
  PATCH_FAILED: 'The patch could not be applied to the current resource.',
  PATCH_TEST_FAILED: 'A test operation of the patch did not match the current resource.',
  INVALID_PATCH_RESULT: 'The patched resource would no longer be a valid order.',
  PAYER_ACCOUNT_INVALID: 'The buyer account is not a known personal sandbox account.',
  // Payments v2
  AUTHORIZATION_VOIDED: 'The authorization has been voided.',
  AUTHORIZATION_EXPIRED: 'The authorization has expired.',
  AUTHORIZATION_ALREADY_CAPTURED: 'The authorization has been fully captured.',
  MAX_CAPTURE_AMOUNT_EXCEEDED: 'The capture amount exceeds the amount that remains on the authorization.',
  CANNOT_BE_VOIDED: 'The authorization cannot be voided in its current state.',
  REAUTHORIZE_TOO_EARLY: 'Reauthorization is possible from day 4 to day 29 of the original authorization.',
  REAUTHORIZE_TOO_LATE: 'After day 29 the authorization cannot be reauthorized; create a new one.',
  REAUTHORIZE_NOT_ALLOWED: 'Only an uncaptured authorization can be reauthorized.',
  REAUTHORIZE_AMOUNT_EXCEEDED:
    'A reauthorization may be at most 115% of the original amount and at most 75 USD more.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount exceeds the captured amount minus earlier refunds.',
  // Negative testing only (forced with Svc-Mock-Response)
  INSTRUMENT_DECLINED:
    'The instrument presented was either declined by the processor or bank, or it cannot be used.',
  TRANSACTION_REFUSED: 'The request was refused.',
  DUPLICATE_INVOICE_ID: 'Duplicate Invoice ID detected.',
  PAYER_CANNOT_PAY: 'Combination of payer and payee settings prevents this payment.',
  // Webhooks
  WEBHOOK_URL_ALREADY_EXISTS: 'The application already has a webhook with this URL.',
  WEBHOOK_URL_NOT_SUPPORTED:
    'A webhook URL must be an absolute http or https URL of at most 2048 characters.',
  EVENT_TYPE_NOT_SUPPORTED:
    'The event type is not in the catalog (GET /v1/notifications/webhooks-event-types).',
  DUPLICATE_EVENT_TYPE: 'An event type is listed more than once.',
  WILDCARD_NOT_ALONE: 'The wildcard * already subscribes to every event type; list it alone.',
  RESOURCE_VERSION_NOT_SUPPORTED: 'The event type has no sample resource in this resource version.',
  WEBHOOK_TARGET_REQUIRED: 'Give exactly one of url or webhook_id.',
  MOCK_EVENT_NOT_VERIFIABLE:
    'Mock events from the simulator (webhook id WEBHOOK_ID) cannot be verified by the service; verify them yourself (spec 6.6).',
  INVALID_RESOURCE_ID: 'The id does not name a resource of this application.',
  // Reporting
  DATE_RANGE_TOO_LONG: 'start_date and end_date may be at most 31 days apart.',
  DATE_RANGE_REVERSED: 'end_date must not be before start_date.',
  DATE_BEYOND_HISTORY: 'Transaction search and balances reach back at most 3 years.',
  INVALID_AMOUNT_RANGE:
    'transaction_amount must be [<low> TO <high>] in minor units, with low not above high.',
  GENERATION_IN_PROGRESS: 'A history generation is already running; wait for it to finish.',
  // Sandbox control API and the workbench
  WORKBENCH_ACCESS_DENIED: 'The workbench UI and bridge answer only their own origin, with the launch token.',
  CLOCK_CANNOT_GO_BACK: 'The simulated clock only moves forward.',
} as const;

export type Issue = keyof typeof ISSUES;

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
