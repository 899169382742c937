import type { AmountWithBreakdown } from '../../../../shared/api/common.js';
import { checkAmount } from '../../../../shared/amount-rules.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';

/**
 * The minor units of an `amount` a capture, reauthorization or refund asks for: in the currency of the
 * resource it acts on (`what`, e.g. "authorization"), and passing the money rules of spec 2.5
 * (breakdown arithmetic, decimal places). Anything else is 422 naming the member.
 */
export function requestedAmount(amount: AmountWithBreakdown, currency: string, what: string): bigint {
  const { problems, minor } = checkAmount(amount, undefined, '');
  if (problems.length > 0) {
    throw unprocessable(
      ...problems.map((p) =>
        detail(p.issue, { field: p.field, location: 'body', description: p.description }),
      ),
    );
  }
  if (amount.currency_code !== currency) {
    throw unprocessable(
      detail('CURRENCY_MISMATCH', {
        field: '/amount/currency_code',
        value: amount.currency_code,
        location: 'body',
        description: `The ${what} is in ${currency}.`,
      }),
    );
  }
  return minor ?? 0n;
}
