import { formatMinor } from '../../api/format';
import { AmountField } from '../../components/money-dialog';
import type { DraftAccess } from './draft-text-field';
import { RemainingLine } from './payment-parts';

/**
 * The amount of a capture or a refund under what is left of its parent to take: the draft starts at all
 * of it and the check refuses more, so the user sees the bound right above the field it bounds.
 */
export function RemainingAmountFields<D extends { amount: string }>({
  form,
  remainingLabel,
  parentId,
  currency,
  remainingMinor,
  hint,
  testPrefix,
}: {
  form: DraftAccess<D> & { touch(field: 'amount'): void };
  /** How the parent's remaining amount is named ("Remaining", "Refundable"). */
  remainingLabel: string;
  parentId: string;
  currency: string;
  remainingMinor: bigint;
  hint: string;
  /** `<prefix>-remaining` and `<prefix>-amount` are the test ids. */
  testPrefix: string;
}) {
  return (
    <>
      <RemainingLine
        label={remainingLabel}
        id={parentId}
        remaining={formatMinor(remainingMinor, currency)}
        testId={`${testPrefix}-remaining`}
      />
      <AmountField
        currency={currency}
        value={form.draft.amount}
        onChange={(value) => form.set('amount', value as D['amount'])}
        onBlur={() => form.touch('amount')}
        error={form.shown('amount')}
        hint={hint}
        testId={`${testPrefix}-amount`}
      />
    </>
  );
}
