import { formatPointer, type PatchOperation } from './json-patch.js';
import { cloneJson, isObject, jsonEquals } from './json-values.js';

/**
 * The other direction of RFC 6902: from two documents, the patch that turns one into the other. The
 * console's patch preview uses it to show what an edited order would send.
 */

/** A location as a chain of tokens up to the root (shared by siblings: no copy per level). */
interface Location {
  token: string;
  parent: Location | undefined;
}

const at = (parent: Location | undefined, token: string): Location => ({ token, parent });

/** The JSON Pointer of a location, built only when an operation names it. */
function pointerOf(location: Location | undefined): string {
  const tokens: string[] = [];
  for (let l = location; l; l = l.parent) tokens.push(l.token);
  return formatPointer(tokens.reverse());
}

/** Work still to do, in order: compare two values at a location, or emit operations as they are. */
type Task = { before: unknown; after: unknown; where: Location | undefined } | { emit: PatchOperation[] };

/**
 * The diff of one pair of values: operations found at once go out through a task of their own, so the
 * result keeps the depth-first order of a recursive walk, but the walk itself is a loop (documents of any
 * depth are diffed without recursion).
 */
function diffStep(
  before: unknown,
  after: unknown,
  where: Location | undefined,
  ops: PatchOperation[],
): Task[] {
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after, where);
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) ops.push({ op: 'remove', path: pointerOf(at(where, key)) });
    }
    const tasks: Task[] = [];
    for (const key of Object.keys(after)) {
      const path = at(where, key);
      if (Object.hasOwn(before, key)) tasks.push({ before: before[key], after: after[key], where: path });
      else tasks.push({ emit: [{ op: 'add', path: pointerOf(path), value: cloneJson(after[key]) }] });
    }
    return tasks;
  }
  if (!jsonEquals(before, after))
    ops.push({ op: 'replace', path: pointerOf(where), value: cloneJson(after) });
  return [];
}

/**
 * Trims the common head and tail, diffs the overlapping middle position by position, then removes or
 * inserts the surplus. Not an LCS, but it turns the common single insert/delete into one operation.
 */
function diffArrays(before: unknown[], after: unknown[], where: Location | undefined): Task[] {
  let start = 0;
  while (start < before.length && start < after.length && jsonEquals(before[start], after[start])) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && jsonEquals(before[endBefore - 1], after[endAfter - 1])) {
    endBefore--;
    endAfter--;
  }
  const overlap = Math.min(endBefore, endAfter) - start;
  const tasks: Task[] = [];
  for (let i = start; i < start + overlap; i++)
    tasks.push({ before: before[i], after: after[i], where: at(where, String(i)) });
  const surplus: PatchOperation[] = [];
  // Descending, so each removal leaves the indices of the ones still to come untouched.
  for (let i = endBefore - 1; i >= start + overlap; i--) {
    surplus.push({ op: 'remove', path: pointerOf(at(where, String(i))) });
  }
  for (let i = start + overlap; i < endAfter; i++) {
    surplus.push({ op: 'add', path: pointerOf(at(where, String(i))), value: cloneJson(after[i]) });
  }
  tasks.push({ emit: surplus });
  return tasks;
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
  const stack: Task[] = [{ before, after, where: undefined }];
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    if ('emit' in task) {
      for (const op of task.emit) ops.push(op);
      continue;
    }
    const next = diffStep(task.before, task.after, task.where, ops);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i] as Task);
  }
  return ops;
}
