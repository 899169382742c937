import type { ZodType } from 'zod';
import type { PatchOperation } from '../../../shared/json-patch.js';
import { ApiError, detail } from './api-error.js';
import { applyPatchForApi, refuseMalformedPatch } from './patch-errors.js';
import { zodDetails } from './validate.js';

/**
 * A PATCH limited to the members the platform lets a caller change (catalog products, plans,
 * subscriptions): each operation must be `add`, `replace` or `remove` on one of `allowed` (or inside
 * it); the patched document is validated again with `schema`, so a patch can never store what a create
 * would have refused. A malformed operation (no value or from, a bad pointer) is 400 before those rules are
 * checked, and a target that is not there 422 `PATCH_FAILED` (pipeline/patch-errors.ts). Returns the new
 * document; the given one is not modified.
 */
export function restrictedPatch<T>(
  doc: T,
  operations: readonly PatchOperation[],
  allowed: readonly string[],
  schema: ZodType,
): T {
  refuseMalformedPatch(operations);
  operations.forEach((operation, index) => {
    if (!['add', 'replace', 'remove'].includes(operation.op)) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('UNSUPPORTED_PATCH_OPERATION', {
          field: `/${index}/op`,
          value: operation.op,
          location: 'body',
          description: `Operation ${operation.op} is not supported; use add, replace or remove.`,
        }),
      ]);
    }
    const permitted = allowed.some(
      (path) => operation.path === path || operation.path.startsWith(`${path}/`),
    );
    if (!permitted) {
      throw new ApiError('UNPROCESSABLE_ENTITY', [
        detail('INVALID_PATCH_PATH', {
          field: `/${index}/path`,
          value: operation.path,
          location: 'body',
          description: `Path ${operation.path} cannot be changed; these can: ${allowed.join(', ')}.`,
        }),
      ]);
    }
  });
  // `test` is refused above, so its issue is never answered here; a missing target is PATCH_FAILED.
  const patched = applyPatchForApi<T>(doc, operations, {
    testFailed: 'PATCH_TEST_FAILED',
    failed: 'PATCH_FAILED',
  });
  const checked = schema.safeParse(patched, { reportInput: true });
  if (!checked.success) throw new ApiError('INVALID_REQUEST', zodDetails(checked.error.issues, 'body'));
  return patched;
}
