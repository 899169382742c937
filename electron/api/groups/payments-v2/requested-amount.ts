import type { AmountWithBreakdown } from '../../../../shared/api/common.js';
import { checkAmount } from '../../../../shared/amount-rules.js';
import type { Issue } from '../../../../shared/api/registry.js';
import { money } from '../../../../shared/money.js';
import { bodyDetail, unprocessable } from '../../pipeline/api-error.js';

/**
 * The minor units of an `amount` a capture, reauthorization or refund asks for: in the currency of the
 * resource it acts on (`what`, e.g. "authorization"), and passing the money rules of spec 2.5
 * (breakdown arithmetic, decimal places). Anything else is 422 naming the member.
 */
export function requestedAmount(amount: AmountWithBreakdown, currency: string, what: string): bigint {
  const { problems, minor } = checkAmount(amount, undefined, '');
  if (problems.length > 0) {
    throw unprocessable(...problems.map((p) => bodyDetail(p.field, p.issue, p.description)));
  }
  if (amount.currency_code !== currency) {
    throw unprocessable(
      bodyDetail(
        '/amount/currency_code',
        'CURRENCY_MISMATCH',
        `The ${what} is in ${currency}.`,
        amount.currency_code,
      ),
    );
  }
  return minor ?? 0n;
}

/** What a capture or refund may take out of: the resource, the issue past its rest, how the rest is said. */
export interface AmountLimit {
  /** The resource the amount comes out of ("authorization", "capture"). */
  of: string;
  /** The issue of an amount over what is left. */
  exceeded: Issue;
  /** The description of that issue, given what is left ("12.50 USD"). */
  left: (left: string) => string;
}

/**
 * The minor units a capture of an authorization or a refund of a capture takes: all that is left of it
 * (`remaining`) when the request names no amount, else the amount asked, which must be a valid amount
 * in the resource's currency and at most what is left.
 */
export function amountWithin(
  amount: AmountWithBreakdown | undefined,
  currency: string,
  remaining: bigint,
  limit: AmountLimit,
): bigint {
  if (!amount) return remaining;
  const minor = requestedAmount(amount, currency, limit.of);
  if (minor > remaining) {
    const left = `${money(remaining, currency).value} ${currency}`;
    throw unprocessable(bodyDetail('/amount/value', limit.exceeded, limit.left(left), amount.value));
  }
  return minor;
}
