import { ERROR_NAMES, type ErrorName } from '../../../shared/errors.js';
import { ISSUES, type Issue } from '../../../shared/api/registry.js';
import { MOCK_NAME_CODES } from '../../../shared/api/mock-codes.js';
import { ApiError, detail } from './api-error.js';

/** Mock codes that are error names rather than issues, answered with that name's status (shared with the console). */
const NAME_CODES = new Set<ErrorName>(MOCK_NAME_CODES);

/**
 * Every code `Svc-Mock-Response` accepts, with the status it produces (for docs and the console): the
 * error names above, and every issue of the one issue table (each answered with its declared name).
 */
export function mockCodes(): { code: string; status: number; name: ErrorName }[] {
  const names = [...NAME_CODES].map((name) => ({ code: name, status: ERROR_NAMES[name].status, name }));
  const issues = (Object.keys(ISSUES) as Issue[]).map((issue) => {
    const name = ISSUES[issue].name;
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
  throw new ApiError(ISSUES[issue].name, [detail(issue, { location: 'body' })]);
}
