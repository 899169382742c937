import type { Issue } from '../../../shared/api/registry.js';
import { JsonPatchError, applyPatch, type PatchOperation } from '../../../shared/json-patch.js';
import { ApiError, detail } from './api-error.js';

/**
 * Applies a JSON Patch (RFC 6902) for an API operation and answers a failure as the platform does: a
 * failed `test` is 422 with the group's test issue, a path or `from` that is not there is 422 with its
 * patch issue, and a malformed operation (no value, no from, a bad pointer) is 400. `reported` are the
 * operations as the caller sent them, so an error names the path the caller wrote.
 */
export function applyPatchForApi<T>(
  document: unknown,
  operations: readonly PatchOperation[],
  issues: { testFailed: Issue; failed: Issue },
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
    throw new ApiError('INVALID_REQUEST', [
      detail(
        error.issue === 'MISSING_VALUE' || error.issue === 'MISSING_FROM'
          ? 'MISSING_REQUIRED_PARAMETER'
          : 'INVALID_PARAMETER_VALUE',
        { field, value, location: 'body', description: error.message },
      ),
    ]);
  }
}
