import { cloneJson, formatPointer, isObject, jsonEquals, type PatchOperation } from './json-patch.js';

/**
 * The other direction of RFC 6902: from two documents, the patch that turns one into the other. The
 * console's patch preview uses it to show what an edited order would send.
 */

function diffInto(before: unknown, after: unknown, tokens: string[], ops: PatchOperation[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    diffArrays(before, after, tokens, ops);
  } else if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) ops.push({ op: 'remove', path: formatPointer([...tokens, key]) });
    }
    for (const key of Object.keys(after)) {
      const path = [...tokens, key];
      if (Object.hasOwn(before, key)) diffInto(before[key], after[key], path, ops);
      else ops.push({ op: 'add', path: formatPointer(path), value: cloneJson(after[key]) });
    }
  } else if (!jsonEquals(before, after)) {
    ops.push({ op: 'replace', path: formatPointer(tokens), value: cloneJson(after) });
  }
}

/**
 * Trims the common head and tail, diffs the overlapping middle position by position, then removes or
 * inserts the surplus. Not an LCS, but it turns the common single insert/delete into one operation.
 */
function diffArrays(before: unknown[], after: unknown[], tokens: string[], ops: PatchOperation[]): void {
  let start = 0;
  while (start < before.length && start < after.length && jsonEquals(before[start], after[start])) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && jsonEquals(before[endBefore - 1], after[endAfter - 1])) {
    endBefore--;
    endAfter--;
  }
  const overlap = Math.min(endBefore, endAfter) - start;
  for (let i = start; i < start + overlap; i++) diffInto(before[i], after[i], [...tokens, String(i)], ops);
  // Descending, so each removal leaves the indices of the ones still to come untouched.
  for (let i = endBefore - 1; i >= start + overlap; i--) {
    ops.push({ op: 'remove', path: formatPointer([...tokens, String(i)]) });
  }
  for (let i = start + overlap; i < endAfter; i++) {
    ops.push({ op: 'add', path: formatPointer([...tokens, String(i)]), value: cloneJson(after[i]) });
  }
}

/**
 * Computes a patch of `add`, `remove` and `replace` operations that turns `before` into `after`.
 *
 * Objects are diffed member by member and arrays by common head/tail plus positional comparison, so the
 * result is small for typical edits though not guaranteed minimal. Values in the patch are copies of
 * `after`'s. `applyPatch(before, diffJson(before, after))` is {@link jsonEquals} to `after`.
 */
export function diffJson(before: unknown, after: unknown): PatchOperation[] {
  const ops: PatchOperation[] = [];
  diffInto(before, after, [], ops);
  return ops;
}
