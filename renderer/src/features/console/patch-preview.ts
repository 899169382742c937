import {
  OrderCreateSchema,
  OrderPatchSchema,
  allowedOps,
  orderMachine,
  resolvePatchPath as resolveReferencePath,
  type OrderStatus,
} from '../../../../shared/api/orders-v2';
import { refusalOf } from '../../../../shared/machines/machine';
import type { PatchOp, PatchOperation } from '../../../../shared/json-patch';
import { diffJson } from '../../../../shared/json-diff';
import { JsonPatchError, applyPatch, getAtPointer, parsePointer } from '../../../../shared/json-patch';
import { issueDescription } from '../../api/machine-actions';

/**
 * The JSON-patch preview of `PATCH /v2/checkout/orders/{id}`: what the sandbox will do with the editor's
 * patch, computed locally before anything is sent. It mirrors `electron/api/groups/orders-v2/order-patch.ts`
 * (the reference path form, the patchable targets, the order of checks); the renderer may not import it.
 */

/** The part of an order a patch works on, as the sandbox builds it. */
export interface PatchableOrder {
  intent: unknown;
  payer?: unknown;
  purchase_units: unknown[];
}

export interface PatchProblem {
  /** The failing operation, or -1 for the patch as a whole. */
  index: number;
  /** The issue name the API would answer with (or close to it). */
  issue: string;
  /** Where in the body, as a JSON pointer (`/0/path`). */
  field?: string;
  message: string;
}

export interface DiffLine {
  sign: '+' | '-' | '~';
  op: 'add' | 'remove' | 'replace';
  path: string;
  /** New value (add, replace). */
  value?: unknown;
  /** Value before (remove, replace). */
  previous?: unknown;
}

export interface PatchPreview {
  before: PatchableOrder;
  /** The patched document, when the patch applies. */
  after?: PatchableOrder;
  diff: DiffLine[];
  problems: PatchProblem[];
  /** The operations with index paths, as the sandbox applies them. */
  resolved: PatchOperation[];
}

const ORDER_PATH = /^\/v2\/checkout\/orders\/([A-Za-z0-9]{1,36})\/?(?:[?#].*)?$/;

/** The order id when this request is a PATCH of an order, else undefined. */
export function patchedOrderId(method: string, path: string): string | undefined {
  if (method !== 'PATCH') return undefined;
  return ORDER_PATH.exec(path.trim())?.[1];
}

/** `{intent, payer?, purchase_units}` of an order as the API shows it. */
export function patchableDocument(order: Record<string, unknown>): PatchableOrder {
  return {
    intent: order.intent,
    ...(order.payer !== undefined ? { payer: order.payer } : {}),
    purchase_units: Array.isArray(order.purchase_units) ? order.purchase_units : [],
  };
}

/**
 * `/purchase_units/@reference_id=='default'/...` to the index form (the server's own rule, from
 * shared/api/orders-v2/patch-rules.ts); `error` when no unit has that reference id.
 */
export function resolvePatchPath(document: PatchableOrder, path: string): { path: string; error?: string } {
  const resolved = resolveReferencePath(document.purchase_units, path);
  return resolved.unknownReference === undefined
    ? { path: resolved.path }
    : { path, error: `No purchase unit has reference_id '${resolved.unknownReference}'.` };
}

export { allowedOps };

const PatchedOrderSchema = OrderCreateSchema.pick({ intent: true, payer: true, purchase_units: true });

function parseBody(text: string): { operations?: unknown; problem?: PatchProblem } {
  if (text.trim() === '')
    return {
      problem: {
        index: -1,
        issue: 'MISSING_REQUIRED_PARAMETER',
        message: 'The body is empty: a PATCH takes an array of operations.',
      },
    };
  try {
    return { operations: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      problem: {
        index: -1,
        issue: 'MALFORMED_REQUEST_JSON',
        message: `The body is not valid JSON: ${(error as Error).message}`,
      },
    };
  }
}

/** The diff as +/-/~ lines, with the values before and after. */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  return diffJson(before, after).map((operation) => {
    const op = operation.op as DiffLine['op'];
    const old = op === 'add' ? undefined : getAtPointer(before, operation.path);
    return {
      sign: op === 'add' ? '+' : op === 'remove' ? '-' : '~',
      op,
      path: operation.path,
      ...(op !== 'remove' ? { value: operation.value } : {}),
      ...(old?.found ? { previous: old.value } : {}),
    };
  });
}

/** RFC 6902 syntax of each operation: pointers, and `value` or `from` where the op needs one (a 400). */
function syntaxProblems(operations: readonly PatchOperation[]): PatchProblem[] {
  const problems: PatchProblem[] = [];
  operations.forEach((operation, index) => {
    const members = [
      ['path', operation.path],
      ...(operation.from !== undefined ? [['from', operation.from]] : []),
    ] as const;
    for (const [member, pointer] of members) {
      try {
        parsePointer(pointer);
      } catch {
        problems.push({
          index,
          issue: 'INVALID_PARAMETER_SYNTAX',
          field: `/${index}/${member}`,
          message: "Expected a JSON Pointer such as /purchase_units/@reference_id=='default'/description.",
        });
      }
    }
    if (
      (operation.op === 'add' || operation.op === 'replace' || operation.op === 'test') &&
      operation.value === undefined
    ) {
      problems.push({
        index,
        issue: 'MISSING_REQUIRED_PARAMETER',
        field: `/${index}/value`,
        message: `${operation.op} needs a value.`,
      });
    }
    if ((operation.op === 'move' || operation.op === 'copy') && operation.from === undefined) {
      problems.push({
        index,
        issue: 'MISSING_REQUIRED_PARAMETER',
        field: `/${index}/from`,
        message: `${operation.op} needs a from pointer.`,
      });
    }
  });
  return problems;
}

function patchIssue(error: JsonPatchError): string {
  switch (error.issue) {
    case 'TEST_FAILED':
      return 'PATCH_TEST_FAILED';
    case 'PATH_NOT_FOUND':
    case 'FROM_NOT_FOUND':
    case 'INVALID_ARRAY_INDEX':
      return 'PATCH_FAILED';
    case 'MISSING_VALUE':
    case 'MISSING_FROM':
      return 'MISSING_REQUIRED_PARAMETER';
    default:
      return 'INVALID_PARAMETER_VALUE';
  }
}

/**
 * Runs the editor's patch against the current order the way the sandbox will: check the syntax, resolve
 * the reference paths, check every operation against the patchable targets, apply atomically to the
 * whole order (so `test` and `from` may read read-only members), keep `{intent, payer?, purchase_units}`
 * and validate that. The diff is of that patchable part.
 */
export function previewOrderPatch(
  order: Record<string, unknown>,
  status: string,
  text: string,
): PatchPreview {
  const before = patchableDocument(order);
  const problems: PatchProblem[] = [];
  const stop = (resolved: PatchOperation[] = []): PatchPreview => ({ before, diff: [], problems, resolved });

  // Whether the order may be updated at all is its machine's word, with the issue the API answers.
  const refused = refusalOf(orderMachine, status as OrderStatus, 'update');
  if (refused) {
    problems.push({
      index: -1,
      issue: refused,
      field: '/id',
      message: `The order is ${status}. ${issueDescription(refused)}`,
    });
  }
  const parsed = parseBody(text);
  if (parsed.problem) return (problems.push(parsed.problem), stop());
  const shape = OrderPatchSchema.safeParse(parsed.operations);
  if (!shape.success) {
    for (const issue of shape.error.issues) {
      const index = typeof issue.path[0] === 'number' ? issue.path[0] : -1;
      const missing = issue.code === 'invalid_type' && issue.message.includes('undefined');
      problems.push({
        index,
        issue: missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
        field: '/' + issue.path.map(String).join('/'),
        message: issue.message,
      });
    }
    return stop();
  }
  const operations = shape.data as PatchOperation[];
  const malformed = syntaxProblems(operations);
  if (malformed.length > 0) return (problems.push(...malformed), stop());

  const resolved: PatchOperation[] = operations.map((operation, index) => {
    const path = resolvePatchPath(before, operation.path);
    const from = operation.from === undefined ? undefined : resolvePatchPath(before, operation.from);
    if (path.error)
      problems.push({ index, issue: 'PATCH_FAILED', field: `/${index}/path`, message: path.error });
    if (from?.error)
      problems.push({ index, issue: 'PATCH_FAILED', field: `/${index}/from`, message: from.error });
    const next: PatchOperation = { ...operation, path: path.path, ...(from ? { from: from.path } : {}) };
    if (path.error || from?.error || operation.op === 'test') return next;
    const writes = allowedOps(next.path);
    const reads = next.from === undefined ? undefined : allowedOps(next.from);
    const needed: PatchOp = operation.op === 'move' || operation.op === 'copy' ? 'add' : operation.op;
    if (!writes) {
      problems.push({
        index,
        issue: 'PATCH_PATH_NOT_SUPPORTED',
        field: `/${index}/path`,
        message: `${operation.path} cannot be patched.`,
      });
    } else if (!writes.includes(needed)) {
      problems.push({
        index,
        issue: 'PATCH_OPERATION_NOT_SUPPORTED',
        field: `/${index}/op`,
        message: `${operation.op} is not permitted on ${operation.path}; permitted: ${writes.join(', ')}.`,
      });
    } else if (operation.op === 'move' && !reads?.includes('remove')) {
      problems.push({
        index,
        issue: 'PATCH_OPERATION_NOT_SUPPORTED',
        field: `/${index}/op`,
        message: `move removes its from, and ${operation.from ?? ''} cannot be removed.`,
      });
    }
    return next;
  });
  if (problems.some((p) => p.index >= 0)) return stop(resolved);

  let patchedOrder: Record<string, unknown>;
  try {
    patchedOrder = applyPatch(order, resolved);
  } catch (error) {
    if (!(error instanceof JsonPatchError)) throw error;
    problems.push({
      index: error.index,
      issue: patchIssue(error),
      field: `/${error.index}/${error.member}`,
      message: error.message,
    });
    return stop(resolved);
  }
  const after = patchableDocument(patchedOrder);
  const result = PatchedOrderSchema.safeParse(after);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = '/' + issue.path.map(String).join('/');
      problems.push({
        index: -1,
        issue: 'INVALID_PATCH_RESULT',
        field,
        message: `${field}: ${issue.message}`,
      });
    }
  }
  return { before, after, diff: diffLines(before, after), problems, resolved };
}
