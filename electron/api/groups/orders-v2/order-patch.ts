import type { PatchOp, PatchOperation } from '../../../../shared/json-patch.js';
import { parsePointer } from '../../../../shared/json-patch.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import { detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';
import { applyPatchForApi } from '../../pipeline/patch-errors.js';
import type { OrderBody } from './types.js';
import { allowedOps, resolvePatchPath } from '../../../../shared/api/orders-v2/patch-rules.js';

export { allowedOps, PATCH_TARGETS } from '../../../../shared/api/orders-v2/patch-rules.js';

/** Resolves a reference-id path of the request; an unknown reference id is 422 naming the op. */
export function resolvePath(order: Pick<OrderBody, 'purchase_units'>, path: string, field: string): string {
  const resolved = resolvePatchPath(order.purchase_units, path);
  if (resolved.unknownReference !== undefined) {
    throw unprocessable(
      detail('PATCH_FAILED', {
        field,
        value: path,
        location: 'body',
        description: `No purchase unit has reference_id '${resolved.unknownReference}'.`,
      }),
    );
  }
  return resolved.path;
}

/** The syntax of each operation (RFC 6902 section 4): pointers, and `value` or `from` where the op needs one. */
function syntaxProblems(operations: readonly PatchOperation[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  operations.forEach((operation, index) => {
    const pointerMembers = [
      ['path', operation.path],
      ...(operation.from !== undefined ? [['from', operation.from]] : []),
    ] as const;
    for (const [member, pointer] of pointerMembers) {
      try {
        parsePointer(pointer);
      } catch {
        problems.push(
          detail('INVALID_PARAMETER_SYNTAX', {
            field: `/${index}/${member}`,
            value: pointer,
            location: 'body',
            description:
              "Expected a JSON Pointer such as /purchase_units/@reference_id=='default'/description.",
          }),
        );
      }
    }
    const needsValue = operation.op === 'add' || operation.op === 'replace' || operation.op === 'test';
    if (needsValue && (!Object.hasOwn(operation, 'value') || operation.value === undefined)) {
      problems.push(
        detail('MISSING_REQUIRED_PARAMETER', {
          field: `/${index}/value`,
          location: 'body',
          description: `${operation.op} needs a value.`,
        }),
      );
    }
    if ((operation.op === 'move' || operation.op === 'copy') && operation.from === undefined) {
      problems.push(
        detail('MISSING_REQUIRED_PARAMETER', {
          field: `/${index}/from`,
          location: 'body',
          description: `${operation.op} needs a from pointer.`,
        }),
      );
    }
  });
  return problems;
}

/**
 * Applies a PATCH to an order (RFC 6902, atomically, on a copy); throws 400 (malformed operations) or 422 (unknown
 * unit, a path or op the order does not allow, a failed test) with the failing op named.
 */
export function applyOrderPatch(order: OrderBody, operations: readonly PatchOperation[]): unknown {
  // The whole order, so `test` and `from` can read read-only members (id, status, times); what may be
  // written is limited by PATCH_TARGETS, and the caller keeps only intent, payer and purchase_units.
  const document: OrderBody = order;
  const malformed = syntaxProblems(operations);
  if (malformed.length > 0) throw invalidRequest(...malformed);

  const problems: ErrorDetail[] = [];
  const resolved = operations.map((operation, index) => {
    const path = resolvePath(order, operation.path, `/${index}/path`);
    const from =
      operation.from === undefined ? undefined : resolvePath(order, operation.from, `/${index}/from`);
    if (operation.op !== 'test') {
      const writes = allowedOps(path);
      const reads = from === undefined ? undefined : allowedOps(from);
      const needed: PatchOp = operation.op === 'move' || operation.op === 'copy' ? 'add' : operation.op;
      if (!writes) {
        problems.push(
          detail('PATCH_PATH_NOT_SUPPORTED', {
            field: `/${index}/path`,
            value: operation.path,
            location: 'body',
          }),
        );
      } else if (!writes.includes(needed)) {
        problems.push(
          detail('PATCH_OPERATION_NOT_SUPPORTED', {
            field: `/${index}/op`,
            value: operation.op,
            location: 'body',
            description: `${operation.op} is not permitted on ${operation.path}; permitted: ${writes.join(', ')}.`,
          }),
        );
      } else if (operation.op === 'move' && !reads?.includes('remove')) {
        problems.push(
          detail('PATCH_OPERATION_NOT_SUPPORTED', {
            field: `/${index}/op`,
            value: operation.op,
            location: 'body',
            description: `move removes its from, and ${operation.from ?? ''} cannot be removed.`,
          }),
        );
      }
    }
    return { ...operation, path, ...(from !== undefined ? { from } : {}) };
  });
  if (problems.length > 0) throw unprocessable(...problems);
  return applyPatchForApi(
    document,
    resolved,
    { testFailed: 'PATCH_TEST_FAILED', failed: 'PATCH_FAILED' },
    operations,
  );
}
