import { ERROR_NAMES, ISSUES, type ErrorName, type Issue } from '../../../shared/errors.js';
import { ApiError, detail } from './api-error.js';

/** Mock codes that are error names rather than issues, answered with that name's status. */
const NAME_CODES = new Set<ErrorName>([
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'RATE_LIMIT_REACHED',
  'RESOURCE_CONFLICT',
  'NOT_AUTHORIZED',
]);

/** Issues that belong to another status than 422 when forced. */
const ISSUE_NAMES: Partial<Record<Issue, ErrorName>> = {
  MISSING_REQUIRED_PARAMETER: 'INVALID_REQUEST',
  INVALID_PARAMETER_VALUE: 'INVALID_REQUEST',
  INVALID_PARAMETER_SYNTAX: 'INVALID_REQUEST',
  INVALID_STRING_LENGTH: 'INVALID_REQUEST',
  MALFORMED_REQUEST_JSON: 'INVALID_REQUEST',
  PERMISSION_DENIED_FOR_DONATION_ITEMS: 'NOT_AUTHORIZED',
  INSUFFICIENT_SCOPE: 'NOT_AUTHORIZED',
  TOKEN_EXPIRED: 'AUTHENTICATION_FAILURE',
  INVALID_TOKEN: 'AUTHENTICATION_FAILURE',
  RESOURCE_NOT_FOUND: 'RESOURCE_NOT_FOUND',
  REQUEST_IN_PROGRESS: 'RESOURCE_CONFLICT',
  RATE_LIMIT_REACHED: 'RATE_LIMIT_REACHED',
  DATE_RANGE_TOO_LONG: 'INVALID_REQUEST',
  DATE_RANGE_REVERSED: 'INVALID_REQUEST',
  DATE_BEYOND_HISTORY: 'INVALID_REQUEST',
  INVALID_AMOUNT_RANGE: 'INVALID_REQUEST',
  GENERATION_IN_PROGRESS: 'RESOURCE_CONFLICT',
  WEBHOOK_URL_ALREADY_EXISTS: 'INVALID_REQUEST',
  WEBHOOK_URL_NOT_SUPPORTED: 'INVALID_REQUEST',
  EVENT_TYPE_NOT_SUPPORTED: 'INVALID_REQUEST',
  DUPLICATE_EVENT_TYPE: 'INVALID_REQUEST',
  WILDCARD_NOT_ALONE: 'INVALID_REQUEST',
  RESOURCE_VERSION_NOT_SUPPORTED: 'INVALID_REQUEST',
  WEBHOOK_TARGET_REQUIRED: 'INVALID_REQUEST',
  INVALID_RESOURCE_ID: 'INVALID_REQUEST',
};

/** Every code `Svc-Mock-Response` accepts, with the status it produces (for docs and the console). */
export function mockCodes(): { code: string; status: number; name: ErrorName }[] {
  const names = [...NAME_CODES].map((name) => ({ code: name, status: ERROR_NAMES[name].status, name }));
  const issues = (Object.keys(ISSUES) as Issue[]).map((issue) => {
    const name = ISSUE_NAMES[issue] ?? 'UNPROCESSABLE_ENTITY';
    return { code: issue, status: ERROR_NAMES[name].status, name };
  });
  return [...names, ...issues];
}

/**
 * Step 7 of the pipeline: `Svc-Mock-Response: {"mock_application_codes":"CODE"}` forces the documented
 * error CODE on any operation, after validation and before the service runs (negative testing).
 */
export function applyMockResponse(header: string | string[] | undefined): void {
  if (header === undefined) return;
  const raw = Array.isArray(header) ? header[0] : header;
  const field = { field: 'Svc-Mock-Response', location: 'header' as const, value: raw };
  let code: unknown;
  try {
    code = (JSON.parse(raw ?? '') as { mock_application_codes?: unknown }).mock_application_codes;
  } catch {
    code = undefined;
  }
  if (typeof code !== 'string') {
    throw new ApiError('INVALID_REQUEST', [detail('INVALID_MOCK_RESPONSE', field)]);
  }
  if (NAME_CODES.has(code as ErrorName)) {
    const headers: Record<string, string> = code === 'RATE_LIMIT_REACHED' ? { 'retry-after': '1' } : {};
    throw new ApiError(code as ErrorName, [], undefined, headers);
  }
  if (!Object.hasOwn(ISSUES, code)) {
    throw new ApiError('INVALID_REQUEST', [
      detail('INVALID_MOCK_RESPONSE', {
        ...field,
        description: `Unknown mock code ${code}; GET /docs/errors lists them.`,
      }),
    ]);
  }
  const issue = code as Issue;
  throw new ApiError(ISSUE_NAMES[issue] ?? 'UNPROCESSABLE_ENTITY', [detail(issue, { location: 'body' })]);
}
