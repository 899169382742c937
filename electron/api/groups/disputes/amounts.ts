import { MoneyError, toMinor, type Money } from '../../../../shared/money.js';
import { detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';

/** An amount of a request in minor units of the dispute's currency: 400 when malformed, 422 otherwise. */
export function amountIn(amount: Money, currency: string, field: string, ceilingMinor?: bigint): bigint {
  if (amount.currency_code !== currency)
    throw unprocessable(
      detail('DISPUTE_CURRENCY_MISMATCH', {
        field: `${field}/currency_code`,
        value: amount.currency_code,
        location: 'body',
        description: `The disputed transaction is in ${currency}.`,
      }),
    );
  let minor: bigint;
  try {
    minor = toMinor(amount.value, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw invalidRequest(
      detail(error.issue, {
        field: `${field}/value`,
        value: amount.value,
        location: 'body',
        description: error.message,
      }),
    );
  }
  if (minor <= 0n)
    throw invalidRequest(
      detail('INVALID_PARAMETER_VALUE', {
        field: `${field}/value`,
        value: amount.value,
        location: 'body',
        description: 'The amount must be more than zero.',
      }),
    );
  if (ceilingMinor !== undefined && minor > ceilingMinor)
    throw unprocessable(
      detail('REFUND_AMOUNT_EXCEEDS_DISPUTE_AMOUNT', {
        field: `${field}/value`,
        value: amount.value,
        location: 'body',
      }),
    );
  return minor;
}
