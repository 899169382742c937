import type { z } from 'zod';
import {
  PayoutItemSchema,
  scanPayoutBatch,
  SenderBatchHeaderSchema,
  type PayoutItemInput,
} from '../../../../shared/api/payouts';
import type { HeaderErrors, HeaderField, ItemErrors, ItemField } from './payout-draft';

/**
 * What the API checks of a payout item and of the batch header, as problems per grid column, before
 * anything is sent: the shared request schema (`shared/api/payouts/schemas.ts`), then the shared initial
 * scan (`payout-rules.ts`: the receiver in the form of its recipient type, the amount in the currency's
 * minor unit, more than zero). One rule is the form's own: it always sends a `sender_batch_id`, which is
 * what makes a resend after a failure safe.
 */

const ITEM_COLUMNS: Readonly<Record<string, ItemField>> = {
  recipient_type: 'recipient_type',
  receiver: 'receiver',
  note: 'note',
  sender_item_id: 'sender_item_id',
};

function columnOf(path: readonly PropertyKey[]): ItemField | 'row' {
  const [head, sub] = path;
  if (head === 'amount') return sub === 'currency' ? 'currency' : 'amount';
  return ITEM_COLUMNS[String(head)] ?? 'row';
}

function firstPerColumn<C extends string>(
  issues: readonly z.core.$ZodIssue[],
  column: (path: readonly PropertyKey[]) => C,
): Partial<Record<C, string>> {
  const errors: Partial<Record<C, string>> = {};
  for (const issue of issues) errors[column(issue.path)] ??= issue.message;
  return errors;
}

export function checkItem(item: unknown): ItemErrors {
  const shape = PayoutItemSchema.safeParse(item);
  if (!shape.success) return firstPerColumn(shape.error.issues, columnOf);
  const scan = scanPayoutBatch({ sender_batch_header: {}, items: [shape.data as PayoutItemInput] });
  const errors: ItemErrors = {};
  // Problems point into the one-item request: `/items/0/amount/value`.
  for (const problem of scan.problems)
    errors[columnOf(problem.field.split('/').slice(3))] ??= problem.description;
  return errors;
}

export function checkHeader(header: { sender_batch_id: string }): HeaderErrors {
  const result = SenderBatchHeaderSchema.safeParse(header);
  const errors: HeaderErrors = result.success
    ? {}
    : firstPerColumn(result.error.issues, (path) => String(path[0] ?? 'sender_batch_id') as HeaderField);
  if (!header.sender_batch_id) errors.sender_batch_id = 'Required: it makes a resend after a failure safe.';
  return errors;
}
