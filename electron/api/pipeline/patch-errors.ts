import type { Issue } from '../../../shared/api/registry.js';
import type { ErrorDetail } from '../../../shared/errors.js';
import {
  JsonPatchError,
  applyPatch,
  operationFormatError,
  type PatchOperation,
} from '../../../shared/json-patch.js';
import { ApiError, detail } from './api-error.js';

/** The issues a group answers a patch that cannot be applied with (both 422). */
export interface PatchIssues {
  /** A `test` operation did not match. */
  testFailed: Issue;
  /** A `path` or `from` that is not there, or an array index out of range. */
  failed: Issue;
}

/** The 400 detail of a malformed operation: no value or from is a missing parameter, the rest a bad value. */
function malformedDetail(error: JsonPatchError, reported: readonly PatchOperation[]): ErrorDetail {
  const original = reported[error.index];
  return detail(
    error.issue === 'MISSING_VALUE' || error.issue === 'MISSING_FROM'
      ? 'MISSING_REQUIRED_PARAMETER'
      : 'INVALID_PARAMETER_VALUE',
    {
      field: `/${error.index}/${error.member}`,
      value: error.member === 'from' ? original?.from : original?.path,
      location: 'body',
      description: error.message,
    },
  );
}

/**
 * Refuses a patch with a malformed operation (no `value` for add, replace or test, no `from` for move or
 * copy, a path or from that is not a JSON Pointer, an unknown op) before anything else is checked: 400
 * INVALID_REQUEST, one detail per malformed operation, each as {@link applyPatchForApi} would give it.
 * Called before a group's own rules (patchable paths, permitted ops), which answer 422, so that a patch
 * that is not well formed is a 400 whatever it points at, as orders v2 answers.
 */
export function refuseMalformedPatch(
  operations: readonly PatchOperation[],
  reported: readonly PatchOperation[] = operations,
): void {
  const problems = operations
    .map((operation, index) => operationFormatError(operation, index))
    .filter((error): error is JsonPatchError => error !== undefined)
    .map((error) => malformedDetail(error, reported));
  if (problems.length > 0) throw new ApiError('INVALID_REQUEST', problems);
}

/**
 * Applies a JSON Patch (RFC 6902) for an API operation and answers a failure as the platform does: a
 * failed `test` is 422 with the group's test issue, a path or `from` that is not there is 422 with its
 * patch issue, and a malformed operation (no value, no from, a bad pointer) is 400. `reported` are the
 * operations as the caller sent them, so an error names the path the caller wrote.
 */
export function applyPatchForApi<T>(
  document: unknown,
  operations: readonly PatchOperation[],
  issues: PatchIssues,
  reported: readonly PatchOperation[] = operations,
): T {
  try {
    return applyPatch(document, operations) as T;
  } catch (error) {
    if (!(error instanceof JsonPatchError)) throw error;
    const field = `/${error.index}/${error.member}`;
    const original = reported[error.index];
    const value = error.member === 'from' ? original?.from : original?.path;
    if (error.issue === 'TEST_FAILED')
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail(issues.testFailed, { field, value, location: 'body' }),
      ]);
    if (
      error.issue === 'PATH_NOT_FOUND' ||
      error.issue === 'FROM_NOT_FOUND' ||
      error.issue === 'INVALID_ARRAY_INDEX'
    ) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail(issues.failed, { field, value, location: 'body', description: error.message }),
      ]);
    }
    throw new ApiError('INVALID_REQUEST', [malformedDetail(error, reported)]);
  }
}
