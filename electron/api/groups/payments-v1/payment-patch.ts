import type { z } from 'zod';
import { PaymentV1CreateSchema } from '../../../../shared/api/payments-v1/index.js';
import type { ErrorDetail } from '../../../../shared/errors.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import { applyPatchForApi, refuseMalformedPatch } from '../../pipeline/patch-errors.js';
import { zodDetails } from '../../pipeline/validate.js';
import type { PaymentV1Body } from './types.js';

/**
 * What PATCH may change on a created v1 payment (spec 2.6: "on update calls a transaction accepts only
 * amount"; v1 also let the merchant fix the shipping address, descriptions and the note before execute).
 */
const PATCHABLE = [
  /^\/transactions\/\d+\/amount$/,
  /^\/transactions\/\d+\/item_list\/shipping_address$/,
  /^\/transactions\/\d+\/(description|custom|invoice_number|soft_descriptor)$/,
  /^\/note_to_payer$/,
];

const PatchedSchema = PaymentV1CreateSchema.pick({ transactions: true, note_to_payer: true });
export type PatchedPayment = z.infer<typeof PatchedSchema>;

/** Applies the operations atomically to the payment's patchable part; the result is checked like a create. */
export function patchPayment(body: PaymentV1Body, operations: readonly PatchOperation[]): PatchedPayment {
  // A malformed operation (no value, no from, a bad pointer) is 400 whatever it points at, as in orders v2.
  refuseMalformedPatch(operations);
  const problems: ErrorDetail[] = [];
  operations.forEach((operation, index) => {
    if (!['add', 'replace', 'remove'].includes(operation.op)) {
      problems.push(
        detail('PATCH_OPERATION_NOT_SUPPORTED', {
          field: `/${index}/op`,
          value: operation.op,
          location: 'body',
        }),
      );
    } else if (!PATCHABLE.some((pattern) => pattern.test(operation.path))) {
      problems.push(
        detail('PATCH_PATH_NOT_SUPPORTED', {
          field: `/${index}/path`,
          value: operation.path,
          location: 'body',
        }),
      );
    } else if (operation.op === 'remove' && /\/amount$/.test(operation.path)) {
      problems.push(
        detail('PATCH_OPERATION_NOT_SUPPORTED', {
          field: `/${index}/op`,
          value: 'remove',
          location: 'body',
          description: 'A transaction amount can be replaced, not removed.',
        }),
      );
    }
  });
  if (problems.length > 0) throw unprocessable(...problems);
  // Adding a shipping address to a transaction without an item list makes the list (v1 did the same).
  const needsList = new Set(
    operations
      .filter((op) => op.op === 'add')
      .map((op) => /^\/transactions\/(\d+)\/item_list\//.exec(op.path)?.[1])
      .filter((index): index is string => index !== undefined)
      .map(Number),
  );
  const current = {
    transactions: body.transactions.map(({ payee: _payee, ...rest }, index) =>
      needsList.has(index) && !rest.item_list ? { ...rest, item_list: {} } : rest,
    ),
    ...(body.note_to_payer !== undefined ? { note_to_payer: body.note_to_payer } : {}),
  };
  // Only well-formed add, replace and remove get here: what can still fail is a target that is not there.
  const patched = applyPatchForApi<unknown>(current, operations, {
    testFailed: 'PATCH_TEST_FAILED',
    failed: 'PATCH_FAILED',
  });
  const parsed = PatchedSchema.safeParse(patched, { reportInput: true });
  if (!parsed.success) {
    throw unprocessable(
      ...zodDetails(parsed.error.issues, 'body').map((d) => ({
        ...d,
        issue: 'INVALID_PATCH_RESULT',
        description: `${d.field ?? ''}: ${d.description ?? ''}`,
      })),
    );
  }
  if (parsed.data.transactions.length !== body.transactions.length) {
    throw unprocessable(
      detail('INVALID_PATCH_RESULT', {
        field: '/transactions',
        location: 'body',
        description: 'A patch cannot add or remove transactions.',
      }),
    );
  }
  return parsed.data;
}
