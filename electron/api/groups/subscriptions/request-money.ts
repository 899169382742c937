import { MAX_AMOUNT_MINOR } from '../../../../shared/api/subscriptions/index.js';
import { MoneyError, toMinor, type Money } from '../../../../shared/money.js';
import { ApiError, detail } from '../../pipeline/api-error.js';
import type { StoredPlan } from './types.js';

/** An amount of a request in minor units: well-formed, in a known currency, 0..MAX_AMOUNT_MINOR. */
export function requestAmount(amount: Money, field: string): bigint {
  let minor: bigint;
  try {
    minor = toMinor(amount.value, amount.currency_code);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ApiError(
      error.issue === 'CURRENCY_NOT_SUPPORTED' ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
      [detail(error.issue, { field, value: amount.value, location: 'body', description: error.message })],
    );
  }
  if (minor < 0n || minor > MAX_AMOUNT_MINOR) {
    throw new ApiError('INVALID_REQUEST', [
      detail('INVALID_PARAMETER_VALUE', {
        field,
        value: amount.value,
        location: 'body',
        description: 'Expected an amount from 0 to 999999999.99.',
      }),
    ]);
  }
  return minor;
}

/** The currency a plan bills in: its prices', else its setup fee's. */
export function planCurrency(plan: StoredPlan): string {
  for (const cycle of plan.body.billing_cycles) {
    if (cycle.pricing_scheme?.fixed_price) return cycle.pricing_scheme.fixed_price.currency_code;
  }
  return plan.body.payment_preferences.setup_fee?.currency_code ?? 'USD';
}
