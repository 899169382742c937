import type { TotalV1 } from '../../../../shared/api/payments-v1/index.js';
import type { Issue } from '../../../../shared/api/registry.js';
import { fromMinor, isSupportedCurrency } from '../../../../shared/money.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import { requestMinor } from '../../pipeline/money-errors.js';
import type { FeeV1 } from './types.js';

/** Money v1 shapes from exact minor units. */
export const totalV1 = (minor: bigint, currency: string) => ({ total: fromMinor(minor, currency), currency });
export const feeV1 = (minor: bigint, currency: string): FeeV1 => ({
  value: fromMinor(minor, currency),
  currency,
});

/**
 * The minor units a capture, reauthorization or refund asks for: in the currency of the resource it acts
 * on, positive, with no more decimals than the currency has. Anything else is 422 naming the member.
 */
export function requestedTotal(amount: TotalV1, currency: string, what: string): bigint {
  const field = { location: 'body' as const };
  if (!isSupportedCurrency(amount.currency) || amount.currency !== currency) {
    throw unprocessable(
      detail('CURRENCY_MISMATCH', {
        ...field,
        field: '/amount/currency',
        value: amount.currency,
        description: `The ${what} is in ${currency}.`,
      }),
    );
  }
  const minor = requestMinor(
    amount.total,
    currency,
    { ...field, field: '/amount/total', value: amount.total },
    'UNPROCESSABLE_ENTITY',
  );
  if (minor <= 0n)
    throw unprocessable(
      detail('AMOUNT_NOT_POSITIVE', { ...field, field: '/amount/total', value: amount.total }),
    );
  return minor;
}

/**
 * The minor units a capture or refund takes of what `remaining` on the resource: the amount asked
 * (checked as `requestedTotal` does), or all of it when none is asked. More than remains is refused with
 * `issue`; `remains` says in words where the rest is (e.g. "can still be refunded").
 */
export function takenOfRemaining(
  amount: TotalV1 | undefined,
  remaining: bigint,
  currency: string,
  what: string,
  refusal: { issue: Issue; remains: string },
): bigint {
  const minor = amount ? requestedTotal(amount, currency, what) : remaining;
  if (minor > remaining)
    throw unprocessable(
      detail(refusal.issue, {
        field: '/amount/total',
        value: amount?.total,
        location: 'body',
        description: `At most ${fromMinor(remaining, currency)} ${currency} ${refusal.remains}.`,
      }),
    );
  return minor;
}
