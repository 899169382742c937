import {
  ERROR_NAMES,
  TOKEN_ERRORS,
  type ErrorDetail,
  type ErrorLocation,
  type ErrorName,
  type TokenErrorKey,
} from '../../../shared/errors.js';
import { ISSUES, type Issue } from '../../../shared/api/registry.js';
import {
  isBankAccountKey,
  isSecretKey,
  lastKey,
  maskCardNumbers,
  maskToLastFour,
  REDACTED,
  redactJson,
} from '../../../shared/redact.js';

/**
 * An error the API answers with: its name picks the status (spec part 7), details say what and where.
 * Services throw these; the pipeline's error handler turns them into the one error body.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly errorName: ErrorName,
    readonly details: ErrorDetail[] = [],
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? ERROR_NAMES[errorName].message);
    this.status = ERROR_NAMES[errorName].status;
  }
}

/** A token-endpoint error, answered in the short `{error, error_description}` form. */
export class TokenError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(readonly key: TokenErrorKey) {
    super(TOKEN_ERRORS[key].description);
    this.status = TOKEN_ERRORS[key].status;
    this.code = TOKEN_ERRORS[key].error;
  }
}

export interface DetailOptions {
  field?: string;
  value?: unknown;
  location?: ErrorLocation;
  description?: string;
}

/** One `details[]` entry for a known issue, with its standard description unless one is given. */
export function detail(issue: Issue, options: DetailOptions = {}): ErrorDetail {
  // Built member by member so the JSON keeps the spec's order: field, value, location, issue, description.
  const entry: ErrorDetail = {} as ErrorDetail;
  if (options.field !== undefined) entry.field = options.field;
  if (options.value !== undefined) entry.value = describeValue(options.value, options.field);
  if (options.location !== undefined) entry.location = options.location;
  entry.issue = issue;
  entry.description = options.description ?? ISSUES[issue].description;
  return entry;
}

const MAX_SHOWN = 256;

/**
 * How an offending value is shown in `details[].value`: primitives as text, structures as JSON,
 * abbreviated past 256 characters. A rejected card number is usually a real card with one digit
 * mistyped, so card numbers in any shape keep only their last four digits, and a secret (a security
 * code, a credential: named by the field) is never shown (shared/redact.ts decides both).
 */
export function describeValue(value: unknown, field?: string): string {
  if (value === undefined) return '';
  const shown = redactJson(value, lastKey(field) || undefined);
  const text = typeof shown === 'string' ? shown : (JSON.stringify(shown) ?? String(shown));
  return text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN) + '…' : text;
}

/**
 * A `details[]` entry as it may leave the host, whoever built it: the value and the description masked
 * again (a description may quote the input, a detail may come from a spread instead of `detail()`).
 */
export function maskDetail(entry: ErrorDetail): ErrorDetail {
  const masked: ErrorDetail = { ...entry };
  if (masked.value !== undefined) {
    const key = lastKey(masked.field);
    if (isSecretKey(key)) masked.value = REDACTED;
    else if (isBankAccountKey(key)) masked.value = maskToLastFour(masked.value);
    else masked.value = maskCardNumbers(masked.value);
  }
  if (masked.description !== undefined) masked.description = maskCardNumbers(masked.description);
  return masked;
}

/** A `details[]` entry about a member of the request body, by its JSON pointer. */
export const bodyDetail = (field: string, issue: Issue, description?: string, value?: unknown): ErrorDetail =>
  detail(issue, {
    field,
    location: 'body',
    ...(description ? { description } : {}),
    ...(value !== undefined ? { value } : {}),
  });

/** A `details[]` entry about a query parameter, by its name. */
export const queryDetail = (
  field: string,
  issue: Issue,
  description?: string,
  value?: unknown,
): ErrorDetail =>
  detail(issue, {
    field,
    location: 'query',
    ...(description ? { description } : {}),
    ...(value !== undefined ? { value } : {}),
  });

export const invalidRequest = (...details: ErrorDetail[]): ApiError =>
  new ApiError('INVALID_REQUEST', details);
export const unprocessable = (...details: ErrorDetail[]): ApiError =>
  new ApiError('UNPROCESSABLE_ENTITY', details);
export const notAuthorized = (...details: ErrorDetail[]): ApiError => new ApiError('NOT_AUTHORIZED', details);
export const conflict = (...details: ErrorDetail[]): ApiError => new ApiError('RESOURCE_CONFLICT', details);
/** A 422 whose message is the operation's own (the spec words some refusals as a sentence). */
export const unprocessableWithMessage = (message: string, ...details: ErrorDetail[]): ApiError =>
  new ApiError('UNPROCESSABLE_ENTITY', details, message);
/** A missing resource described by details of the group's own (its issue, its field). */
export const notFoundDetails = (...details: ErrorDetail[]): ApiError =>
  new ApiError('RESOURCE_NOT_FOUND', details);
/** A state the host should never reach (a stored resource missing a part it always has). */
export const internalError = (message?: string): ApiError =>
  new ApiError('INTERNAL_SERVER_ERROR', [], message);
export const notFound = (what: string, id: string, field = 'id'): ApiError =>
  new ApiError(
    'RESOURCE_NOT_FOUND',
    [
      detail('RESOURCE_NOT_FOUND', {
        field,
        value: id,
        location: 'path',
        description: `No ${what} with id ${id}.`,
      }),
    ],
    `The specified resource does not exist.`,
  );
