/**
 * RFC 6902 JSON Patch and RFC 6901 JSON Pointer.
 *
 * Shared by the sandbox server (which applies client patches to stored resources) and the browser UI
 * (which previews them), so it stays free of `node:*` and DOM dependencies. Documents are assumed to be
 * JSON data, i.e. what `JSON.parse` produces: plain objects, arrays, strings, finite numbers, booleans
 * and `null`.
 *
 * @packageDocumentation
 */

import { cloneJson, isObject, jsonEquals, setMember, type JsonObject } from './json-values.js';

/** The six operation names defined by RFC 6902 §4. */
export type PatchOp = 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';

/** One RFC 6902 operation. `value` is used by add/replace/test, `from` by move/copy. */
export interface PatchOperation {
  op: PatchOp;
  path: string;
  value?: unknown;
  from?: string;
}

/** Machine-readable reason a pointer or patch was rejected. */
export type PatchIssue =
  | 'INVALID_PATH'
  | 'PATH_NOT_FOUND'
  | 'FROM_NOT_FOUND'
  | 'MISSING_VALUE'
  | 'MISSING_FROM'
  | 'INVALID_OPERATION'
  | 'TEST_FAILED'
  | 'MOVE_INTO_OWN_CHILD'
  | 'INVALID_ARRAY_INDEX';

/** Operation member an error is attributed to. */
type PatchMember = 'path' | 'from' | 'value' | 'op';

/**
 * Thrown by {@link parsePointer}, {@link getAtPointer} and {@link applyPatch}.
 *
 * Carries enough structure for an API layer to build a problem response without parsing the message.
 */
export class JsonPatchError extends Error {
  /** Index of the failing operation in the patch, or -1 when no patch is involved (bare pointer parsing). */
  readonly index: number;
  /** Why the operation failed. */
  readonly issue: PatchIssue;
  /**
   * The pointer the failure concerns: the `from` pointer for `from`-related failures, otherwise the
   * operation's `path` (empty string when the operation has no usable path).
   */
  readonly pointer: string;
  /** Field name of the failing member: `'path' | 'from' | 'value' | 'op'`. */
  readonly member: string;

  /**
   * @param index - operation index in the patch, -1 outside a patch
   * @param issue - machine-readable reason
   * @param pointer - pointer the failure concerns
   * @param member - operation member at fault
   * @param detail - human-readable explanation appended to the message
   */
  constructor(
    index: number,
    issue: PatchIssue,
    pointer: string,
    member: 'path' | 'from' | 'value' | 'op',
    detail?: string,
  ) {
    const where =
      index >= 0
        ? `operation ${index} (${member} ${JSON.stringify(pointer)})`
        : `pointer ${JSON.stringify(pointer)}`;
    super(`${issue} at ${where}${detail === undefined ? '' : `: ${detail}`}`);
    this.name = 'JsonPatchError';
    this.index = index;
    this.issue = issue;
    this.pointer = pointer;
    this.member = member;
  }
}

const OPERATIONS: ReadonlySet<string> = new Set<PatchOp>([
  'add',
  'remove',
  'replace',
  'move',
  'copy',
  'test',
]);

// RFC 6901 §4: array indices are decimal without leading zeros, so `01` and `+1` are not indices.
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

// A `~` must be followed by `0` or `1`; anything else is a malformed escape, not a literal tilde.
const BAD_ESCAPE = /~(?![01])/;

function parseArrayIndex(token: string): number | undefined {
  return ARRAY_INDEX.test(token) ? Number(token) : undefined;
}

function parseTokens(pointer: string, index: number, member: PatchMember): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new JsonPatchError(
      index,
      'INVALID_PATH',
      pointer,
      member,
      'a non-empty pointer must start with "/"',
    );
  }
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (BAD_ESCAPE.test(token)) {
        throw new JsonPatchError(
          index,
          'INVALID_PATH',
          pointer,
          member,
          '"~" must be followed by "0" or "1"',
        );
      }
      // RFC 6901 §4 order: `~1` first, so that `~01` decodes to the literal `~1` rather than `/`.
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/**
 * Splits an RFC 6901 JSON Pointer into unescaped reference tokens.
 *
 * @param pointer - `''` for the whole document, otherwise `/`-prefixed tokens with `~0`/`~1` escapes
 * @returns the tokens; `[]` for the whole document
 * @throws {@link JsonPatchError} with index -1 and issue `INVALID_PATH` when the pointer does not start
 *   with `/` or contains a `~` not followed by `0` or `1`
 */
export function parsePointer(pointer: string): string[] {
  return parseTokens(pointer, -1, 'path');
}

/**
 * Builds an RFC 6901 JSON Pointer from unescaped reference tokens (inverse of {@link parsePointer}).
 *
 * @param tokens - reference tokens; `[]` yields `''` (the whole document)
 */
export function formatPointer(tokens: readonly string[]): string {
  // `~` must be escaped before `/`, otherwise the `~` introduced by `~1` would be escaped again.
  return tokens.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

type Lookup = { ok: true; value: unknown } | { ok: false; reason: 'missing' | 'bad-index' };

const MISSING: Lookup = { ok: false, reason: 'missing' };

function child(container: unknown, token: string): Lookup {
  if (Array.isArray(container)) {
    // `-` names the slot after the last element, which by definition holds nothing.
    if (token === '-') return MISSING;
    const index = parseArrayIndex(token);
    if (index === undefined) return { ok: false, reason: 'bad-index' };
    return index < container.length ? { ok: true, value: container[index] } : MISSING;
  }
  // Own members only: inherited names such as `constructor` or `__proto__` must not resolve.
  if (isObject(container) && Object.hasOwn(container, token)) return { ok: true, value: container[token] };
  return MISSING;
}

function lookup(doc: unknown, tokens: readonly string[]): Lookup {
  let current = doc;
  for (const token of tokens) {
    const next = child(current, token);
    if (!next.ok) return next;
    current = next.value;
  }
  return { ok: true, value: current };
}

/**
 * Resolves a JSON Pointer against a document.
 *
 * Only own members and canonical, in-range array indices resolve; `-` never does. The returned value is
 * the live sub-value, not a copy.
 *
 * @throws {@link JsonPatchError} (`INVALID_PATH`) when the pointer is syntactically malformed
 */
export function getAtPointer(
  doc: unknown,
  pointer: string,
): { found: true; value: unknown } | { found: false } {
  const result = lookup(doc, parsePointer(pointer));
  return result.ok ? { found: true, value: result.value } : { found: false };
}

/** Per-operation context so helpers can raise errors without threading the index everywhere. */
interface OperationContext {
  index: number;
  path: string;
}

function fail(
  ctx: OperationContext,
  issue: PatchIssue,
  member: PatchMember,
  pointer = ctx.path,
  detail?: string,
) {
  return new JsonPatchError(ctx.index, issue, pointer, member, detail);
}

function lookupIssue(reason: 'missing' | 'bad-index', notFound: PatchIssue): PatchIssue {
  return reason === 'bad-index' ? 'INVALID_ARRAY_INDEX' : notFound;
}

/** Where an existing value lives, so it can be overwritten or removed in place. */
type Slot = { array: unknown[]; index: number } | { object: JsonObject; key: string };

function findSlot(
  ctx: OperationContext,
  root: unknown,
  tokens: readonly string[],
  member: 'path' | 'from',
  pointer: string,
): Slot {
  const notFound: PatchIssue = member === 'from' ? 'FROM_NOT_FOUND' : 'PATH_NOT_FOUND';
  const parent = lookup(root, tokens.slice(0, -1));
  if (!parent.ok) throw fail(ctx, lookupIssue(parent.reason, notFound), member, pointer);
  const key = tokens[tokens.length - 1] ?? '';
  const target = child(parent.value, key);
  if (!target.ok) throw fail(ctx, lookupIssue(target.reason, notFound), member, pointer);
  return Array.isArray(parent.value)
    ? { array: parent.value, index: Number(key) }
    : { object: parent.value as JsonObject, key };
}

function addValue(ctx: OperationContext, root: unknown, tokens: readonly string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  const parent = lookup(root, tokens.slice(0, -1));
  if (!parent.ok) throw fail(ctx, lookupIssue(parent.reason, 'PATH_NOT_FOUND'), 'path');
  const container = parent.value;
  const key = tokens[tokens.length - 1] ?? '';
  if (Array.isArray(container)) {
    const index = key === '-' ? container.length : parseArrayIndex(key);
    if (index === undefined || index > container.length) {
      throw fail(ctx, 'INVALID_ARRAY_INDEX', 'path', ctx.path, `array length is ${container.length}`);
    }
    container.splice(index, 0, value);
  } else if (isObject(container)) {
    setMember(container, key, value);
  } else {
    throw fail(ctx, 'PATH_NOT_FOUND', 'path', ctx.path, 'parent is not an object or array');
  }
  return root;
}

function removeSlot(slot: Slot): unknown {
  if ('array' in slot) return slot.array.splice(slot.index, 1)[0];
  const removed = slot.object[slot.key];
  delete slot.object[slot.key];
  return removed;
}

function requireValue(ctx: OperationContext, operation: JsonObject): unknown {
  // `undefined` cannot come from JSON, and storing it would leave a non-JSON document behind.
  if (!Object.hasOwn(operation, 'value') || operation.value === undefined) {
    throw fail(ctx, 'MISSING_VALUE', 'value');
  }
  return operation.value;
}

function requireFrom(ctx: OperationContext, operation: JsonObject): { from: string; tokens: string[] } {
  const from = Object.hasOwn(operation, 'from') ? operation.from : undefined;
  if (from === undefined) throw fail(ctx, 'MISSING_FROM', 'from');
  if (typeof from !== 'string') throw fail(ctx, 'INVALID_PATH', 'from', '', '"from" must be a string');
  return { from, tokens: parseTokens(from, ctx.index, 'from') };
}

function isProperPrefix(prefix: readonly string[], tokens: readonly string[]): boolean {
  return prefix.length < tokens.length && prefix.every((token, i) => token === tokens[i]);
}

/** An operation whose form has been checked: a known op, a well-formed path, its value or from present. */
interface CheckedOperation {
  op: PatchOp;
  ctx: OperationContext;
  tokens: string[];
  operation: JsonObject;
}

/**
 * The checks of one operation that read no document, in the order {@link applyPatch} makes them: an
 * object, a known `op`, a `path` that is a JSON Pointer, then `value` (add, replace, test) or a
 * well-formed `from` (move, copy).
 */
function checkOperation(operation: unknown, index: number): CheckedOperation {
  if (!isObject(operation)) {
    throw new JsonPatchError(index, 'INVALID_OPERATION', '', 'op', 'operation must be an object');
  }
  const rawPath = operation.path;
  const { op } = operation;
  if (typeof op !== 'string' || !OPERATIONS.has(op)) {
    const pointer = typeof rawPath === 'string' ? rawPath : '';
    throw new JsonPatchError(index, 'INVALID_OPERATION', pointer, 'op', `unknown op ${JSON.stringify(op)}`);
  }
  if (typeof rawPath !== 'string') {
    throw new JsonPatchError(index, 'INVALID_PATH', '', 'path', '"path" must be a string');
  }
  const ctx: OperationContext = { index, path: rawPath };
  const tokens = parseTokens(rawPath, index, 'path');
  if (op === 'add' || op === 'replace' || op === 'test') requireValue(ctx, operation);
  if (op === 'move' || op === 'copy') requireFrom(ctx, operation);
  return { op: op as PatchOp, ctx, tokens, operation };
}

/**
 * Why operation `index` of a patch is malformed, whatever document it is applied to (RFC 6902 section 4):
 * not an object, an unknown `op`, a `path` or `from` that is not a JSON Pointer, no `value` for add,
 * replace or test, no `from` for move or copy. The error is the one {@link applyPatch} throws for that
 * operation; `undefined` when the operation is well formed. What depends on the document (a target that
 * is not there, a failed test) and on where the operation points (removing the whole document, moving a
 * value into its own child) is left to {@link applyPatch}.
 */
export function operationFormatError(operation: unknown, index: number): JsonPatchError | undefined {
  try {
    checkOperation(operation, index);
    return undefined;
  } catch (error) {
    if (error instanceof JsonPatchError) return error;
    throw error;
  }
}

/** Applies one operation to the private working copy and returns the (possibly new) root. */
function applyOperation(root: unknown, raw: unknown, index: number): unknown {
  const { op, ctx, tokens, operation } = checkOperation(raw, index);
  const rawPath = ctx.path;

  switch (op) {
    case 'add':
      // Cloned so that later operations or the caller mutating its patch cannot reach into the result.
      return addValue(ctx, root, tokens, cloneJson(requireValue(ctx, operation)));
    case 'remove':
      if (tokens.length === 0) {
        throw fail(ctx, 'INVALID_PATH', 'path', rawPath, 'the whole document cannot be removed');
      }
      removeSlot(findSlot(ctx, root, tokens, 'path', rawPath));
      return root;
    case 'replace': {
      const value = cloneJson(requireValue(ctx, operation));
      if (tokens.length === 0) return value;
      const slot = findSlot(ctx, root, tokens, 'path', rawPath);
      if ('array' in slot) slot.array[slot.index] = value;
      else setMember(slot.object, slot.key, value);
      return root;
    }
    case 'move': {
      const { from, tokens: fromTokens } = requireFrom(ctx, operation);
      if (isProperPrefix(fromTokens, tokens)) {
        throw fail(ctx, 'MOVE_INTO_OWN_CHILD', 'from', from, `cannot move into its own child ${rawPath}`);
      }
      const source = lookup(root, fromTokens);
      if (!source.ok) throw fail(ctx, lookupIssue(source.reason, 'FROM_NOT_FOUND'), 'from', from);
      // Same location (including '' to ''): the value exists and would land where it already is.
      if (fromTokens.length === tokens.length && fromTokens.every((token, i) => token === tokens[i]))
        return root;
      const value = removeSlot(findSlot(ctx, root, fromTokens, 'from', from));
      return addValue(ctx, root, tokens, value);
    }
    case 'copy': {
      const { from, tokens: fromTokens } = requireFrom(ctx, operation);
      const source = lookup(root, fromTokens);
      if (!source.ok) throw fail(ctx, lookupIssue(source.reason, 'FROM_NOT_FOUND'), 'from', from);
      return addValue(ctx, root, tokens, cloneJson(source.value));
    }
    case 'test': {
      const expected = requireValue(ctx, operation);
      const actual = lookup(root, tokens);
      if (!actual.ok) throw fail(ctx, lookupIssue(actual.reason, 'PATH_NOT_FOUND'), 'path');
      if (!jsonEquals(actual.value, expected)) throw fail(ctx, 'TEST_FAILED', 'value');
      return root;
    }
  }
}

/**
 * Applies an RFC 6902 patch.
 *
 * The patch is atomic and pure: it runs against a private deep copy, so the caller's document is never
 * mutated, and the first failing operation throws before anything is returned. Inserted values are deep
 * copies, so neither the result nor the patch can alias each other. Member names such as `__proto__`,
 * `constructor` and `prototype` are handled as ordinary own data members and never reach
 * `Object.prototype`.
 *
 * @param doc - the document to patch (not modified)
 * @param operations - the operations, applied in order
 * @returns the patched document (a fresh copy even when the patch is empty)
 * @throws {@link JsonPatchError} with `index` set to the failing operation
 */
export function applyPatch<T>(doc: T, operations: readonly PatchOperation[]): T {
  if (!Array.isArray(operations)) {
    throw new JsonPatchError(-1, 'INVALID_OPERATION', '', 'op', 'a patch must be an array of operations');
  }
  let working: unknown = cloneJson(doc);
  operations.forEach((operation: unknown, index) => {
    working = applyOperation(working, operation, index);
  });
  return working as T;
}
