import { REDACTED } from '../../../../shared/redact.js';
import type { LoggedBody } from '../../pipeline/logged-body.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the request log keeps of a SCIM PATCH: an operation whose `path` names the password (`password`,
 * any case, RFC 7643 2.1) keeps no `value`. The member name that tells it is a sibling of the value, so
 * no rule on member names alone could see it; a `value` object with a `password` member is caught by
 * the log's general rules.
 */
export const loggedScimPatch: LoggedBody = (body) => {
  if (!isObject(body) || !Array.isArray(body.Operations)) return body;
  return {
    ...body,
    Operations: body.Operations.map((operation: unknown) =>
      isObject(operation) &&
      typeof operation.path === 'string' &&
      /^\s*password\b/i.test(operation.path) &&
      operation.value !== undefined
        ? { ...operation, value: REDACTED }
        : operation,
    ),
  };
};
