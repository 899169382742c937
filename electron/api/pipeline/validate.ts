import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import type { ErrorDetail, ErrorLocation } from '../../../shared/errors.js';
import type { Issue } from '../../../shared/api/registry.js';
import type { AnyRoute } from '../route.js';
import { ApiError, detail } from './api-error.js';
import { fastPathOf, NEEDS_ZOD } from './schema-fast-path.js';

/** Header names as the spec writes them, for `details[].field`. */
export const HEADER_NAMES: Record<string, string> = {
  'svc-request-id': 'Svc-Request-Id',
  'svc-partner-attribution-id': 'Svc-Partner-Attribution-Id',
  'svc-client-metadata-id': 'Svc-Client-Metadata-Id',
  'svc-auth-assertion': 'Svc-Auth-Assertion',
  'svc-mock-response': 'Svc-Mock-Response',
  'svc-enforce-iso8601-format': 'Svc-Enforce-ISO8601-Format',
  prefer: 'Prefer',
  authorization: 'Authorization',
};

/** A header's name as the spec writes it (`svc-request-id` -> `Svc-Request-Id`). */
export function headerName(lowercase: string): string {
  return (
    HEADER_NAMES[lowercase] ??
    lowercase.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())
  );
}

export interface ValidatedInput {
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
}

/** Step 5 of the pipeline: every part of the request against the route's schemas; all problems at once. */
export function validateInput(route: AnyRoute, request: FastifyRequest): ValidatedInput {
  const details: ErrorDetail[] = [];
  const check = (schema: ZodType | undefined, data: unknown, location: ErrorLocation): unknown => {
    if (!schema) return undefined;
    // The schema's fast path takes the common valid input; zod decides the rest, refusals included.
    const fast = fastPathOf(schema)(data);
    if (fast !== NEEDS_ZOD) return fast;
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return result.data;
    details.push(...zodDetails(result.error.issues, location));
    return undefined;
  };
  const params = check(route.params, request.params, 'path');
  const query = check(route.query, request.query, 'query');
  const headers = check(route.headers, request.headers, 'header');
  let body: unknown;
  if (route.body) {
    if (request.body === undefined && route.bodyOptional) body = undefined;
    else if (request.body === undefined) {
      details.push(
        detail('MISSING_REQUIRED_PARAMETER', {
          field: '/',
          location: 'body',
          description: 'A request body is required.',
        }),
      );
    } else body = check(route.body, request.body, 'body');
  }
  if (details.length > 0) throw new ApiError('INVALID_REQUEST', details);
  return { params, query, headers, body };
}

/** JSON Pointer (RFC 6901) of a path inside the request part. */
export function pointer(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '/';
  return '/' + path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

type ZodIssue = z.core.$ZodIssue;

/** Translates zod's issues into `details[]` entries with the spec's issue codes. */
export function zodDetails(issues: readonly ZodIssue[], location: ErrorLocation): ErrorDetail[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        detail('UNKNOWN_FIELD', {
          field: pointer([...issue.path, key]),
          location,
          description: `Unknown field ${key}.`,
        }),
      );
    }
    const field =
      location === 'header'
        ? headerName(String(issue.path[0]))
        : location === 'body'
          ? pointer(issue.path)
          : String(issue.path[0] ?? '');
    const input = (issue as { input?: unknown }).input;
    const options = {
      field,
      location,
      ...(input !== undefined && typeof input !== 'object' ? { value: input } : {}),
    };
    return [detail(issueCode(issue), { ...options, description: describe(issue) })];
  });
}

function issueCode(issue: ZodIssue): Issue {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE';
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'set') return 'INVALID_ARRAY_MIN_ITEMS';
      if (issue.origin === 'string') return 'INVALID_STRING_LENGTH';
      return 'INVALID_INTEGER_MIN_VALUE';
    case 'too_big':
      if (issue.origin === 'array' || issue.origin === 'set') return 'INVALID_ARRAY_MAX_ITEMS';
      if (issue.origin === 'string') return 'INVALID_STRING_MAX_LENGTH';
      return 'INVALID_INTEGER_MAX_VALUE';
    case 'invalid_format':
      return 'INVALID_PARAMETER_SYNTAX';
    case 'invalid_value':
      // zod reports a missing enum member as invalid_value without input.
      return issue.input === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE';
    case 'custom': {
      const named = (issue.params as { issue?: Issue } | undefined)?.issue;
      return named ?? 'INVALID_PARAMETER_VALUE';
    }
    default:
      return 'INVALID_PARAMETER_VALUE';
  }
}

function describe(issue: ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'A required field is missing.';
  if (issue.code === 'invalid_value' && issue.input === undefined) return 'A required field is missing.';
  if (issue.code === 'invalid_value')
    return `Expected one of: ${issue.values.map((v) => String(v)).join(', ')}.`;
  return issue.message;
}
