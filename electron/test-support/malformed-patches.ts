import type { Issue } from '../../shared/api/registry.js';
import type { ErrorName } from '../../shared/errors.js';

/** The answer to a malformed PATCH operation (400), checked before the resource's own rules. */
export const BAD = 'INVALID_REQUEST' satisfies ErrorName;
/** The answer to a well-formed operation the resource refuses or cannot apply (422). */
export const REFUSED = 'UNPROCESSABLE_ENTITY' satisfies ErrorName;

/** One refused PATCH of a table test: its name, the operations, and the error name, issue and field. */
export type PatchRefusalCase = [string, unknown[], ErrorName, Issue, string];

/**
 * The malformed operations every group that takes a JSON Patch must answer 400 `INVALID_REQUEST`
 * (pipeline/patch-errors.ts), whatever its own rules on paths and ops: `patchable` is a member the group
 * lets a caller replace, so the 400 is shown to come before those rules.
 */
export function malformedPatchCases(patchable: string): PatchRefusalCase[] {
  return [
    [
      'replace without value',
      [{ op: 'replace', path: patchable }],
      'INVALID_REQUEST',
      'MISSING_REQUIRED_PARAMETER',
      '/0/value',
    ],
    [
      'replace of another member without value',
      [{ op: 'replace', path: '/x' }],
      'INVALID_REQUEST',
      'MISSING_REQUIRED_PARAMETER',
      '/0/value',
    ],
    [
      'move without from',
      [{ op: 'move', path: '/a' }],
      'INVALID_REQUEST',
      'MISSING_REQUIRED_PARAMETER',
      '/0/from',
    ],
    [
      'an unknown op',
      [{ op: 'merge', path: patchable, value: 'x' }],
      'INVALID_REQUEST',
      'INVALID_PARAMETER_VALUE',
      '/0/op',
    ],
  ];
}
