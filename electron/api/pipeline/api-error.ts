import {
  ERROR_NAMES,
  TOKEN_ERRORS,
  type ErrorDetail,
  type ErrorLocation,
  type ErrorName,
  type TokenErrorKey,
} from '../../../shared/errors.js';
import { ISSUES, type Issue } from '../../../shared/api/registry.js';

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
  if (options.value !== undefined) entry.value = describeValue(options.value);
  if (options.location !== undefined) entry.location = options.location;
  entry.issue = issue;
  entry.description = options.description ?? ISSUES[issue].description;
  return entry;
}

/** 12 to 19 digits: anything that may be a card number. */
export const CARD_NUMBER_LIKE = /^\d{12,19}$/;

/** How an offending value is shown in `details[].value`: primitives as text, structures abbreviated. */
export function describeValue(value: unknown): string {
  // A rejected card number is usually a real card with one digit mistyped: never echo it whole.
  if (typeof value === 'string' && CARD_NUMBER_LIKE.test(value))
    return '•'.repeat(value.length - 4) + value.slice(-4);
  if (typeof value === 'string') return value.length > 256 ? value.slice(0, 256) + '…' : value;
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 256 ? text.slice(0, 256) + '…' : text;
}

export const invalidRequest = (...details: ErrorDetail[]): ApiError =>
  new ApiError('INVALID_REQUEST', details);
export const unprocessable = (...details: ErrorDetail[]): ApiError =>
  new ApiError('UNPROCESSABLE_ENTITY', details);
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
