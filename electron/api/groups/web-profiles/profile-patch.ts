import type { PatchOperation } from '../../../../shared/json-patch.js';
import { parsePointer } from '../../../../shared/json-patch.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import type { WebProfile } from '../../../../shared/api/web-profiles/schemas.js';
import { detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';
import { applyPatchForApi } from '../../pipeline/patch-errors.js';

/** The members a patch may write; `test` (and `copy`'s `from`) may also read the id. */
const WRITABLE = new Set(['name', 'temporary', 'flow_config', 'input_fields', 'presentation']);

function topMember(pointer: string, field: string): string | undefined {
  try {
    return parsePointer(pointer)[0];
  } catch {
    throw invalidRequest(
      detail('INVALID_PARAMETER_SYNTAX', {
        field,
        value: pointer,
        location: 'body',
        description: 'Expected a JSON Pointer such as /presentation/brand_name.',
      }),
    );
  }
}

/**
 * Applies a PATCH (RFC 6902, atomically, on a copy) to a profile as the API shows it and returns the
 * patched document, to be validated like a PUT body. Writes are limited to the profile's parameters;
 * the id can be tested but never changed.
 */
export function applyProfilePatch(profile: WebProfile, operations: readonly PatchOperation[]): unknown {
  const problems: ErrorDetail[] = [];
  operations.forEach((operation, index) => {
    const target = topMember(operation.path, `/${index}/path`);
    if (operation.from !== undefined) topMember(operation.from, `/${index}/from`);
    if (operation.op === 'test') return;
    const fromTop =
      operation.op === 'move' && operation.from !== undefined ? topMember(operation.from, '') : '';
    const writesId = fromTop === 'id';
    if (target === undefined || !WRITABLE.has(target) || writesId) {
      problems.push(
        detail('WEB_PROFILE_PATCH_PATH_NOT_SUPPORTED', {
          field: `/${index}/${writesId ? 'from' : 'path'}`,
          value: writesId ? operation.from : operation.path,
          location: 'body',
        }),
      );
    }
  });
  if (problems.length > 0) throw unprocessable(...problems);
  return applyPatchForApi(profile, operations, {
    testFailed: 'WEB_PROFILE_PATCH_TEST_FAILED',
    failed: 'WEB_PROFILE_PATCH_FAILED',
  });
}
